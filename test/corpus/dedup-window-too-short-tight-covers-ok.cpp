// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// A 5-minute de-dup window against 4 x (60 s backoff cap + 10 s timeout)
// = 280 s: tight, but the window covers the whole retry span.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int ledger_post_entry(const char *entry_id, const char *json, const char *dedup_id,
                                 int timeout_ms);

constexpr long kDedupTtlSeconds = 300;

bool post_entry(redisContext *r, const std::string &entry_id, const std::string &json) {
  auto *c = static_cast<redisReply *>(redisCommand(r, "SET dedup:%s 1 NX EX %ld",
                                                   entry_id.c_str(), kDedupTtlSeconds));
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (ledger_post_entry(entry_id.c_str(), json.c_str(), entry_id.c_str(), 10000) == 0)
      return true;
    if (attempt == 3)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, 60000)(rng)));
  }
  return false;
}
