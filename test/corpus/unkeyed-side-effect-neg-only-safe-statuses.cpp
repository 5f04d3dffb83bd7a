// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// Only 429 and 503 (the server says it did not process the request) loop
// back, honouring Retry-After; a lost response is reported, not retried.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

long parse_seconds(const std::string &v);

int create_order(httplib::Client &cli, const std::string &json) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Post("/orders", json, "application/json");
    if (!res)
      return -1;
    if (res->status != 429 && res->status != 503)
      return res->status;
    long wait_s = parse_seconds(res->get_header_value("Retry-After"));
    if (wait_s <= 0)
      wait_s = 1 << attempt;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(wait_s * 1000 + rand() % 250));
  }
  return 503;
}
