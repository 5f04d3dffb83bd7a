// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A name-based UUID of the intent id (not of the body).
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

extern const boost::uuids::uuid kIntentNs;

bool confirm(httplib::Client &cli, const std::string &intent_id,
             const std::string &body) {
  boost::uuids::name_generator gen(kIntentNs);
  const std::string key = boost::uuids::to_string(gen(intent_id));
  httplib::Headers h = {{"Idempotency-Key", key}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/intents/confirm", h, body, "application/json"))
      return res->status == 200;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
