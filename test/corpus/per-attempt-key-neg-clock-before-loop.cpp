// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// The clock is read once, when the intent is created, and combined with
// the cart id; every attempt of this intent sends the same key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool checkout(httplib::Client &cli, const std::string &cart_id,
              const std::string &body) {
  const auto created = std::chrono::system_clock::now().time_since_epoch().count();
  const std::string key = cart_id + "@" + std::to_string((long long)created);
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/checkout", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
