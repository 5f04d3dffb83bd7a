// corpus: origin written
// corpus: expect retry-missing-budget
// The loop counts attempts, but only to log them: nothing compares the count
// with a limit.
#include <chrono>
#include <cstdio>
extern "C" int printf(const char *fmt, ...);
#include <random>
#include <thread>

extern "C" int kv_put(const char *key, const char *value); // remote KV client

void persist_checkpoint(const char *job, const char *blob) {
  std::minstd_rand rng(std::random_device{}());
  int attempts = 0;
  while (kv_put(job, blob) != 0) {
    ++attempts;
    printf("checkpoint %s: attempt %d failed\n", job, attempts);
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(100, 2000)(rng)));
  }
}
