// corpus: origin written
// corpus: negative retry-missing-budget
// A named constant cap of 5 attempts, compared in the loop condition.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <thread>

namespace {
constexpr int kMaxAttempts = 5;
}

bool read_quota(redisContext *c, const char *tenant, long long &out) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    auto *reply = static_cast<redisReply *>(redisCommand(c, "GET quota:%s", tenant));
    if (reply) {
      out = reply->integer;
      freeReplyObject(reply);
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(10, 20L << attempt)(rng)));
  }
  return false;
}
