// corpus: origin written
// corpus: negative retry-missing-budget
// for (;;) whose only exit besides success is a policy object that counts
// attempts.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

class RetryPolicy {
public:
  explicit RetryPolicy(int max_attempts) : left_(max_attempts) {}
  bool IsExhausted() { return --left_ <= 0; }
  std::chrono::milliseconds NextDelay() {
    long cap = 100L << (++n_ < 6 ? n_ : 6);
    return std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng_));
  }

private:
  int left_;
  int n_ = 0;
  std::minstd_rand rng_{std::random_device{}()};
};

void announce(httplib::Client &discovery, const std::string &svc, const std::string &addr) {
  RetryPolicy policy(4);
  for (;;) {
    if (discovery.Put("/services/" + svc, httplib::Headers{}, addr, "text/plain"))
      return;
    if (policy.IsExhausted())
      return;
    std::this_thread::sleep_for(policy.NextDelay());
  }
}
