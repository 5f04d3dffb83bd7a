// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// C++ with a C-style buffer: snprintf(buf, sizeof buf, "%016lx", hash(body)).
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

unsigned long murmur64(const char *data, unsigned long len);

bool post_order(httplib::Client &cli, const std::string &body) {
  char key[32];
  snprintf(key, sizeof key, "%016lx", murmur64(body.data(), body.size()));
  httplib::Headers h = {{"Idempotency-Key", key}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/orders", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
