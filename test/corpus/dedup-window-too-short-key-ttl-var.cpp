// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// A retention named by key + ttl (key_ttl_s = 120) on the idempotency
// records; the sync job that relies on them retries for 6 x 60 s.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int crm_put_contact(const char *contact_json, const char *idempotency_key);

struct SyncOptions {
  int key_ttl_s = 120;
};

bool sync_contact(redisContext *r, const std::string &change_id, const std::string &json) {
  const SyncOptions opts;
  auto *c = static_cast<redisReply *>(redisCommand(r, "SET idem:contact:%s 1 NX EX %d",
                                                   change_id.c_str(), opts.key_ttl_s));
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 6; ++attempt) {
    if (crm_put_contact(json.c_str(), change_id.c_str()) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(30000, 60000)(rng)));
  }
  return false;
}
