// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// Epoch arithmetic in the purge keeps de-dup keys 7 days (604800 s); the
// forwarder's retry spans minutes.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

static void expire_dedup(sqlite3 *db) {
  sqlite3_exec(db,
               "DELETE FROM dedup_keys WHERE created < CAST(strftime('%s','now') AS INTEGER) - 604800",
               nullptr, nullptr, nullptr);
}

static bool first_time(sqlite3 *db, const std::string &key) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO dedup_keys(key, created) VALUES(?1, strftime('%s','now')) "
                     "ON CONFLICT DO NOTHING",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  sqlite3_finalize(st);
  return sqlite3_changes(db) == 1;
}

bool forward_event(sqlite3 *db, redisContext *bus, const std::string &event_id,
                   const std::string &payload) {
  expire_dedup(db);
  if (!first_time(db, event_id))
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    void *r = redisCommand(bus, "XADD events %s-0 data %s", event_id.c_str(), payload.c_str());
    if (r) {
      freeReplyObject(r);
      return true;
    }
    long cap = 20000L << attempt;
    long hi = cap < 60000 ? cap : 60000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
