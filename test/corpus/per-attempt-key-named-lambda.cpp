// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// A named lambda performs one attempt (minting a key); the loop calls it.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

int create_account(httplib::Client &cli, const std::string &profile_json) {
  boost::uuids::random_generator uuid_gen;
  auto attempt_once = [&]() -> int {
    httplib::Headers h;
    h.emplace("Idempotency-Key", boost::uuids::to_string(uuid_gen()));
    auto r = cli.Post("/accounts", h, profile_json, "application/json");
    return r ? r->status : -1;
  };
  int status = -1;
  for (int i = 0; i < 3; ++i) {
    status = attempt_once();
    if (status != -1)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((120 << i) + rand() % 120));
  }
  return status;
}
