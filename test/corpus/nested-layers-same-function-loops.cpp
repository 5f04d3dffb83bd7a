// corpus: origin written
// corpus: expect retry-nested-layers
// Two retry loops in one function: reconnect attempts inside request
// attempts.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <thread>

extern "C" redisContext *redis_connect_timeout(const char *host, int port, int ms);

long long bump(const char *host, const char *key) {
  std::minstd_rand rng(std::random_device{}());
  for (int req = 0; req < 3; ++req) {
    redisContext *c = nullptr;
    for (int conn = 0; conn < 3 && !c; ++conn) {
      c = redis_connect_timeout(host, 6379, 500);
      if (!c)
        std::this_thread::sleep_for(std::chrono::milliseconds(
            std::uniform_int_distribution<long>(0, 100L << conn)(rng)));
    }
    if (c) {
      auto *r = static_cast<redisReply *>(redisCommand(c, "INCR %s", key));
      if (r) {
        long long v = r->integer;
        freeReplyObject(r);
        return v;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 300L << req)(rng)));
  }
  return -1;
}
