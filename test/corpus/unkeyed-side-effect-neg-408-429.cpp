// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// A POST retried only on 408 and 429 (the server did not process it),
// waiting what Retry-After asks for.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

long retry_after_ms(const httplib::Response &r) {
  const std::string v = r.get_header_value("Retry-After");
  return v.empty() ? 0 : 1000 * (long)v.size();
}

int subscribe(httplib::Client &cli, const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/subscriptions", json, "application/json");
    if (!res)
      return -1;
    if (res->status != 408 && res->status != 429)
      return res->status;
    long ms = retry_after_ms(*res);
    std::this_thread::sleep_for(
        std::chrono::milliseconds(ms + (100 << attempt) + rand() % 100));
  }
  return 429;
}
