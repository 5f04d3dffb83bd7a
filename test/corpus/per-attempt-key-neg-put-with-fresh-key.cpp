// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A PUT is idempotent by method: a new Idempotency-Key per attempt does no
// harm when the request itself can be repeated.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool save_profile(httplib::Client &cli, const std::string &user,
                  const std::string &json) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
    if (auto res = cli.Put("/users/" + user, h, json, "application/json"))
      return res->status == 200;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
