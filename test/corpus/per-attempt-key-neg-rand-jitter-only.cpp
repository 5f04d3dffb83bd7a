// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// rand() and the attempt counter feed the backoff only; the key is the
// transfer id.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool transfer(httplib::Client &cli, const std::string &transfer_id,
              const std::string &body) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int jitter_ms = rand() % (100 << attempt);
    httplib::Headers h = {{"Idempotency-Key", transfer_id}};
    if (auto res = cli.Post("/transfers", h, body, "application/json"))
      return res->status < 300;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + jitter_ms));
  }
  return false;
}
