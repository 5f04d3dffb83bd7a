// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// A random key minted once per intent, before the first attempt, and sent
// unchanged on every retry.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool charge(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  const std::string key = boost::uuids::to_string(gen());
  httplib::Headers h = {{"Idempotency-Key", key}};
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (auto res = cli.Post("/charges", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
