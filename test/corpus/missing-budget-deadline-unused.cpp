// corpus: origin written
// corpus: expect retry-missing-budget
// A deadline is computed but never compared with the clock: the loop is
// still unbounded.
#include <chrono>
#include <random>
#include <thread>

extern "C" int lease_acquire(const char *name, int ttl_s);

bool acquire_leader_lease(const char *name) {
  std::minstd_rand rng(std::random_device{}());
  const auto started = std::chrono::steady_clock::now();
  const auto deadline = started.time_since_epoch().count() + 30000000000LL;
  (void)deadline;
  for (;;) {
    if (lease_acquire(name, 15) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(200, 2000)(rng)));
  }
}
