// corpus: origin written
// corpus: negative retry-missing-budget
// A per-request retry budget object: each retry takes a token and the loop
// stops when none is left.
#include <chrono>
#include <random>
#include <thread>

extern "C" int queue_publish(const char *topic, const char *msg, const char *dedup_id);

class RetryBudget {
public:
  explicit RetryBudget(int tokens) : tokens_(tokens) {}
  bool can_retry() {
    if (tokens_ == 0)
      return false;
    --tokens_;
    return true;
  }

private:
  int tokens_;
};

bool publish_event(const char *topic, const char *msg, const char *dedup_id) {
  std::minstd_rand rng(std::random_device{}());
  RetryBudget budget(3);
  while (queue_publish(topic, msg, dedup_id) != 0) {
    if (!budget.can_retry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(50, 1000)(rng)));
  }
  return true;
}
