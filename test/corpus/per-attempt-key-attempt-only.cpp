// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// while (true) with a break and a cap: the key is built from the attempt
// counter alone.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

int publish(httplib::Client &cli, const std::string &doc) {
  int attempt = 0;
  int status = -1;
  while (true) {
    httplib::Headers h = {{"Idempotency-Key", "pub-" + std::to_string(attempt)}};
    auto res = cli.Post("/documents", h, doc, "application/json");
    if (res) {
      status = res->status;
      break;
    }
    if (++attempt >= 3)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return status;
}
