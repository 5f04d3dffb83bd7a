// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// Epoch arithmetic in the purge: rows older than now - 120 s go; the
// forwarder that relies on them retries for 5 x (60 s cap + 15 s timeout).
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

static void expire_dedup(sqlite3 *db) {
  sqlite3_exec(db,
               "DELETE FROM dedup_keys WHERE created < CAST(strftime('%s','now') AS INTEGER) - 120",
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
    // XADD with an explicit entry id: a re-sent event is rejected by the stream.
    void *r = redisCommand(bus, "XADD events %s-0 data %s", event_id.c_str(), payload.c_str());
    if (r) {
      freeReplyObject(r);
      return true;
    }
    long cap = 20000L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(
        (cap < 60000 ? cap : 60000) / 2, cap < 60000 ? cap : 60000)(rng)));
  }
  return false;
}
