// corpus: origin written
// corpus: expect retry-missing-budget
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The operation is a named lambda; the loop calls it until it succeeds.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

void announce(httplib::Client &discovery, const std::string &svc, const std::string &addr) {
  std::minstd_rand rng(std::random_device{}());
  auto attempt = [&]() -> bool {
    auto res = discovery.Put("/services/" + svc, httplib::Headers{}, addr, "text/plain");
    return static_cast<bool>(res);
  };
  long cap = 200;
  while (!attempt()) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
    cap = cap < 20000 ? cap * 2 : cap;
  }
}
