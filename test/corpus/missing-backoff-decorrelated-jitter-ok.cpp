// corpus: origin written
// corpus: negative retry-missing-backoff
// Decorrelated jitter: sleep = min(cap, random_between(base, sleep * 3)).
#include <chrono>
#include <random>
#include <string>
#include <thread>

class ObjectClient {
public:
  virtual ~ObjectClient();
  virtual bool head(const std::string &key) = 0; // remote HEAD request
};

bool wait_until_visible(ObjectClient &s3, const std::string &key) {
  std::minstd_rand rng(std::random_device{}());
  const long base = 50, cap = 5000;
  long sleep_ms = base;
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (s3.head(key))
      return true;
    long hi = sleep_ms * 3;
    sleep_ms = std::uniform_int_distribution<long>(base, hi)(rng);
    if (sleep_ms > cap)
      sleep_ms = cap;
    std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
  }
  return false;
}
