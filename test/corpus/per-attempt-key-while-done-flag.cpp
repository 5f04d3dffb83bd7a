// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// A flag-driven retry loop; the key comes from time() and the attempt count.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool send_transfer(httplib::Client &cli, const std::string &body) {
  bool done = false;
  bool ok = false;
  int n = 0;
  while (!done && n < 3) {
    std::string key = std::to_string(time(nullptr)) + "." + std::to_string(n);
    httplib::Headers h = {{"Idempotency-Key", key}};
    auto res = cli.Post("/transfers", h, body, "application/json");
    if (res) {
      done = true;
      ok = res->status == 201;
    } else {
      ++n;
      std::this_thread::sleep_for(
          std::chrono::milliseconds(150 * n + rand() % 150));
    }
  }
  return ok;
}
