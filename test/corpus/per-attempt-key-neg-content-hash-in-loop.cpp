// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The key is a hash of the body, recomputed in the loop: the same on every
// attempt (so not per-attempt), but it names the content, not the intent.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &data);

bool post_donation(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", sha256_hex(body)}};
    if (auto res = cli.Post("/donations", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
