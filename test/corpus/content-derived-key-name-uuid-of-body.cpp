// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-content-derived-idempotency-key
// A name-based UUID of the body: deterministic (not per attempt), but only
// content.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

extern const boost::uuids::uuid kNs;

bool send_gift(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::name_generator gen(kNs);
    httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen(body))}};
    if (auto res = cli.Post("/gifts", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
