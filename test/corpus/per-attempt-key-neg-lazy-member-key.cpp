// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The key is minted lazily on the first attempt and kept in a member, so
// later attempts reuse it.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

class PendingCharge {
  std::string key_;
  std::string body_;

public:
  explicit PendingCharge(const std::string &body) : body_(body) {}

  bool send(httplib::Client &cli) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (key_.empty()) {
        boost::uuids::random_generator gen;
        key_ = boost::uuids::to_string(gen());
      }
      httplib::Headers h = {{"Idempotency-Key", key_}};
      if (auto res = cli.Post("/charges", h, body_, "application/json"))
        return res->status == 201;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
    return false;
  }
};
