// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The processed-order marker lives 120 s (SET NX EX, refreshed by SETEX);
// the fulfilment call that relies on it is retried 6 times with waits of up
// to a minute.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int fulfil_submit_order(const char *order_id, const char *dedup_id);

bool fulfil(redisContext *r, const std::string &order_id) {
  // Claim the order atomically; the marker is refreshed with SETEX below.
  auto *claim = static_cast<redisReply *>(
      redisCommand(r, "SET processed:%s inflight NX EX 120", order_id.c_str()));
  bool first = claim && claim->str != nullptr;
  if (claim)
    freeReplyObject(claim);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (fulfil_submit_order(order_id.c_str(), order_id.c_str()) == 0) {
      freeReplyObject(redisCommand(r, "SETEX processed:%s 120 done", order_id.c_str()));
      return true;
    }
    long cap = 10000L << attempt;
    long hi = cap < 60000 ? cap : 60000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
