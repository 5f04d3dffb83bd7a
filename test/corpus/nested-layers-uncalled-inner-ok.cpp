// corpus: origin written
// corpus: negative retry-nested-layers
// Two retrying functions in the same file; the outer one calls the plain
// single-attempt call, not the retrying wrapper.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void nap(int i) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, 50L << i)(rng)));
}

static redisReply *get_once(redisContext *c, const char *key) {
  return static_cast<redisReply *>(redisCommand(c, "GET %s", key));
}

redisReply *get_retrying(redisContext *c, const char *key) {
  for (int i = 0; i < 3; ++i) {
    if (redisReply *r = get_once(c, key))
      return r;
    nap(i);
  }
  return nullptr;
}

long long read_counter(redisContext *c, const char *key) {
  for (int i = 0; i < 3; ++i) {
    if (redisReply *r = get_once(c, key)) {
      long long v = r->integer;
      freeReplyObject(r);
      return v;
    }
    nap(i);
  }
  return -1;
}
