// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// A newsletter subscription keyed by a hash of the e-mail address alone:
// personal data, not an intent (re-subscribing later is swallowed).
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

bool subscribe(httplib::Client &cli, const std::string &email) {
  const std::string body = "{\"email\":\"" + email + "\"}";
  httplib::Headers h = {{"Idempotency-Key", sha256_hex(email)}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/subscribers", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
