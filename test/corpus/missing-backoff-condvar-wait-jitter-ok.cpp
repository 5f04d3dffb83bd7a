// corpus: origin written
// corpus: negative retry-missing-backoff
// The wait between attempts is a stop-aware condition-variable wait with a
// jittered, growing timeout.
#include <chrono>
#include <mutex>
#include <random>

// Minimal stand-in for <condition_variable>.
namespace std {
class condition_variable {
public:
  template <class Pred>
  bool wait_for(unique_lock<mutex> &lk, const chrono::milliseconds &d, Pred stop);
};
} // namespace std

extern "C" int registry_put_heartbeat(const char *node);

class Heartbeat {
public:
  bool beat(const char *node) {
    std::minstd_rand rng(std::random_device{}());
    for (int attempt = 0; attempt < 5; ++attempt) {
      if (registry_put_heartbeat(node) == 0)
        return true;
      std::unique_lock<std::mutex> lk(mu_);
      const long cap = 200L << attempt;
      if (cv_.wait_for(lk, std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)),
                       [this] { return stopping_; }))
        return false;
    }
    return false;
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
};
