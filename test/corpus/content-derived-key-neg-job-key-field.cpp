// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A scheduled job's key field (its identity) hashed with its payload.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

struct ScheduledJob {
  std::string key;
  std::string payload;
};

bool dispatch(httplib::Client &cli, const ScheduledJob &job) {
  httplib::Headers h = {{"Idempotency-Key", sha256_hex(job.key + job.payload)}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/dispatch", h, job.payload, "application/json"))
      return res->status == 202;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
