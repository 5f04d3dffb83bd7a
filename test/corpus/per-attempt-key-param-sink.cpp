// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// The callee takes the key as a parameter named idempotency_key; the retry
// loop passes a fresh UUID on every attempt.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

// Declared in the team's payment SDK; body not visible here.
bool send_charge(httplib::Client &cli, const std::string &body,
                 const std::string &idempotency_key);

bool pay(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (send_charge(cli, body, boost::uuids::to_string(gen())))
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((1 << attempt) * 150 + rand() % 100));
  }
  return false;
}
