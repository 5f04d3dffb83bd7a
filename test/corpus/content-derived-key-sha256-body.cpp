// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The key is the SHA-256 of the request body, minted before the loop: two
// different orders with identical bodies collapse into one.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &data);

bool charge(httplib::Client &cli, const std::string &body) {
  const std::string key = sha256_hex(body);
  httplib::Headers h = {{"Idempotency-Key", key}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/charges", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
