// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The callee's parameter named idempotency_key ends in the header; the
// loop passes it a fresh UUID per attempt.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

static int post_charge(httplib::Client &cli, const std::string &body,
                       const std::string &idempotency_key) {
  httplib::Headers h = {{"Idempotency-Key", idempotency_key}};
  auto res = cli.Post("/charges", h, body, "application/json");
  return res ? res->status : -1;
}

int charge(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  int status = -1;
  for (int attempt = 0; attempt < 3 && status == -1; ++attempt) {
    if (attempt > 0)
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    status = post_charge(cli, body, boost::uuids::to_string(gen()));
  }
  return status;
}
