// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-nested-layers
// Retry by recursion: every call mints a key, and a failed call recurses.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool submit_claim(httplib::Client &cli, const std::string &claim_json,
                  int attempts_left) {
  boost::uuids::random_generator gen;
  httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
  auto res = cli.Post("/claims", h, claim_json, "application/json");
  if (res)
    return res->status == 201;
  if (attempts_left <= 1)
    return false;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(400 / attempts_left + rand() % 200));
  return submit_claim(cli, claim_json, attempts_left - 1);
}
