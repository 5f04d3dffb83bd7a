// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A body hash goes into X-Request-Id (tracing, not a key sink); the key is
// the operation id.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

bool run_operation(httplib::Client &cli, const std::string &operation_id,
                   const std::string &body) {
  httplib::Headers h = {{"X-Request-Id", sha256_hex(body)},
                        {"Idempotency-Key", operation_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/operations", h, body, "application/json"))
      return res->status == 202;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
