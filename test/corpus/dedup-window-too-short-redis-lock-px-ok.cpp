// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A short PX on a distributed lock (not a de-dup record) next to a retry
// loop: the lock's lifetime is not a de-dup window. The de-dup marker itself
// is kept for 2 days.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int warehouse_put_reservation(const char *sku, int qty, const char *dedup_id);

static bool lock(redisContext *r, const std::string &sku) {
  auto *rep = static_cast<redisReply *>(
      redisCommand(r, "SET lock:sku:%s worker NX PX 3000", sku.c_str()));
  bool ok = rep && rep->str != nullptr;
  if (rep)
    freeReplyObject(rep);
  return ok;
}

bool reserve(redisContext *r, const std::string &reservation_id, const std::string &sku, int qty) {
  auto *seen = static_cast<redisReply *>(redisCommand(
      r, "SET processed:reservation:%s 1 NX EX 172800", reservation_id.c_str()));
  bool first = seen && seen->str != nullptr;
  if (seen)
    freeReplyObject(seen);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (lock(r, sku)) {
      int rc = warehouse_put_reservation(sku.c_str(), qty, reservation_id.c_str());
      freeReplyObject(redisCommand(r, "DEL lock:sku:%s", sku.c_str()));
      if (rc == 0)
        return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 1000L << attempt)(rng)));
  }
  return false;
}
