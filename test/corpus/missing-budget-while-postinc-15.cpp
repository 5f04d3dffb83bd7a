// corpus: origin written
// corpus: expect retry-missing-budget
// The cap is in the while condition, but it allows 15 attempts.
#include <chrono>
#include <random>
#include <thread>

extern "C" int kv_put(const char *key, const char *value); // remote KV client

bool persist_checkpoint(const char *job, const char *blob) {
  std::minstd_rand rng(std::random_device{}());
  int tries = 0;
  while (tries++ < 15) {
    if (kv_put(job, blob) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(100, 200L << (tries < 5 ? tries : 5))(rng)));
  }
  return false;
}
