// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The function that sends one attempt mints its key; the loop calls it once
// per attempt.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

static std::string new_key() {
  boost::uuids::random_generator gen;
  return boost::uuids::to_string(gen());
}

// Returns the HTTP status, or -1 when no response arrived.
static int submit_once(httplib::Client &cli, const std::string &body) {
  httplib::Headers h;
  h.emplace("Idempotency-Key", new_key());
  auto res = cli.Post("/v2/refunds", h, body, "application/json");
  return res ? res->status : -1;
}

bool submit_refund(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const int status = submit_once(cli, body);
    if (status != -1)
      return status < 300;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(300 * (attempt + 1) + rand() % 200));
  }
  return false;
}
