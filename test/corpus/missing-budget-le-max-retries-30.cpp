// corpus: origin written
// corpus: expect retry-missing-budget
// A named constant of 30 retries: 31 attempts, first try included.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <thread>

namespace {
constexpr int kMaxRetries = 30;
}

long long incr_counter(redisContext *c, const char *name) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt <= kMaxRetries; ++attempt) {
    auto *reply = static_cast<redisReply *>(redisCommand(c, "INCR counters:%s", name));
    if (reply) {
      long long v = reply->integer;
      freeReplyObject(reply);
      return v;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(10, 20L << (attempt < 8 ? attempt : 8))(rng)));
  }
  return -1;
}
