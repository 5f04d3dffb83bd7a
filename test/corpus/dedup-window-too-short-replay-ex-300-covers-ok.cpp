// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// A 5-minute replay marker (EX 300) against a retry of 3 attempts with waits
// up to 20 s and a 5 s timeout: 75 s at most.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int ledger_post_entry(const char *entry_id, const char *json, const char *dedup_id,
                                 int timeout_ms);

bool post_once(redisContext *r, const std::string &entry_id, const std::string &json) {
  auto *m = static_cast<redisReply *>(
      redisCommand(r, "SET replay:%s 1 NX EX 300", entry_id.c_str()));
  bool first = m && m->str != nullptr;
  if (m)
    freeReplyObject(m);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (ledger_post_entry(entry_id.c_str(), json.c_str(), entry_id.c_str(), 5000) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(10000, 20000)(rng)));
  }
  return false;
}
