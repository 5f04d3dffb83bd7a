// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The purge goes through the project's own wrapper with a 300 s window on
// processed_messages; the consumer that relies on it redelivers a message
// up to 8 times with waits up to 2 min.
#include <chrono>
#include <cstdio>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

namespace store {
// Deletes rows of `table` whose seen_at is older than `seconds`.
void purge_older_than(sqlite3 *db, const char *table, long seconds) {
  char sql[256];
  snprintf(sql, sizeof sql, "DELETE FROM %s WHERE seen_at < strftime('%%s','now') - %ld",
           table, seconds);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
}

bool mark_processed(sqlite3 *db, const std::string &message_id) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT OR IGNORE INTO processed_messages(id, seen_at) "
                     "VALUES(?1, strftime('%s','now'))",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, message_id.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  sqlite3_finalize(st);
  return sqlite3_changes(db) == 1;
}
} // namespace store

extern "C" int ledger_post_entry(const char *message_id, const char *payload, const char *dedup_id);

void janitor(sqlite3 *db) { store::purge_older_than(db, "processed_messages", 300); }

bool consume(sqlite3 *db, const std::string &message_id, const std::string &payload) {
  if (!store::mark_processed(db, message_id))
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (ledger_post_entry(message_id.c_str(), payload.c_str(), message_id.c_str()) == 0)
      return true;
    long cap = 15000L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(
        (cap < 120000 ? cap : 120000) / 2, cap < 120000 ? cap : 120000)(rng)));
  }
  return false;
}
