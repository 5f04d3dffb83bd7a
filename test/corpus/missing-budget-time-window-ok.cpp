// corpus: origin written
// corpus: negative retry-missing-budget
// The loop condition is an elapsed-time window: at most 10 s of retrying.
#include <chrono>
#include <random>
#include <thread>

extern "C" int lease_renew(const char *name);

bool renew(const char *name) {
  using clock = std::chrono::steady_clock;
  std::minstd_rand rng(std::random_device{}());
  const auto start = clock::now();
  while (clock::now().time_since_epoch().count() - start.time_since_epoch().count() <
         10000000000LL) {
    if (lease_renew(name) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(100, 800)(rng)));
  }
  return false;
}
