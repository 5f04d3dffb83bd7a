// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// The de-dup TTL is read from the environment at run time: not a constant,
// so nothing can be said about it statically.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" char *getenv(const char *name);
extern "C" long strtol(const char *s, char **end, int base);
extern "C" int ledger_post_entry(const char *entry_id, const char *json, const char *dedup_id);

static long dedup_ttl_seconds() {
  const char *v = getenv("DEDUP_TTL_SECONDS");
  return v ? strtol(v, nullptr, 10) : 86400;
}

bool post_entry(redisContext *r, const std::string &entry_id, const std::string &json) {
  auto *c = static_cast<redisReply *>(redisCommand(r, "SET dedup:%s 1 NX EX %ld",
                                                   entry_id.c_str(), dedup_ttl_seconds()));
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (ledger_post_entry(entry_id.c_str(), json.c_str(), entry_id.c_str()) == 0)
      return true;
    long cap = 10000L << attempt;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
  }
  return false;
}
