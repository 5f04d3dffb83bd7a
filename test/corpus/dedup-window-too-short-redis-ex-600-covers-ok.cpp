// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// EX 600 (10 minutes) on the idempotency claim; the forward retry is
// 3 x (60 s cap + 30 s timeout) = 270 s.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int payout_submit(const char *payout_json, const char *idempotency_key,
                             int timeout_ms);

bool payout(redisContext *r, const std::string &payout_id, const std::string &json) {
  auto *c = static_cast<redisReply *>(
      redisCommand(r, "SET idem:payout:%s 1 NX EX 600", payout_id.c_str()));
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (payout_submit(json.c_str(), payout_id.c_str(), 30000) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, 60000)(rng)));
  }
  return false;
}
