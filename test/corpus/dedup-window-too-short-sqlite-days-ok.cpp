// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// Processed-event rows are purged after 2 days; the handler that relies
// on them retries the downstream write 5 times with waits up to 45 s.
#include <chrono>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

extern "C" int crm_post_event(const char *event_id, const char *body, const char *dedup_id);

void trim(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM processed_events WHERE seen_at < datetime('now', '-2 days')",
               nullptr, nullptr, nullptr);
}

bool handle_event(sqlite3 *db, const std::string &event_id, const std::string &body) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT OR IGNORE INTO processed_events(id, seen_at) VALUES(?1, datetime('now'))",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, event_id.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  sqlite3_finalize(st);
  if (sqlite3_changes(db) != 1)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (crm_post_event(event_id.c_str(), body.c_str(), event_id.c_str()) == 0)
      return true;
    long cap = 15000L << attempt;
    long hi = cap < 45000 ? cap : 45000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
