// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The outer loop walks the intents and mints one key per intent; the inner
// retry loop reuses it.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>
#include <vector>

struct Payout {
  std::string json;
  bool done = false;
};

void run_payouts(httplib::Client &cli, std::vector<Payout> &payouts) {
  boost::uuids::random_generator gen;
  for (std::size_t i = 0; i < payouts.size(); ++i) {
    const std::string key = boost::uuids::to_string(gen());
    for (int attempt = 0; attempt < 3; ++attempt) {
      httplib::Headers h = {{"Idempotency-Key", key}};
      auto res = cli.Post("/payouts", h, payouts[i].json, "application/json");
      if (res) {
        payouts[i].done = res->status == 201;
        break;
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
  }
}
