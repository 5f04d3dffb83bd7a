// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The purge binds a cutoff parameter computed from a named window of 90 s;
// the sender that relies on the records retries for far longer.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

constexpr long kDedupWindowSeconds = 90;

void purge_sent(sqlite3 *db) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db, "DELETE FROM sent_notifications WHERE sent_at < ?1", -1, &st, nullptr);
  sqlite3_bind_int64(st, 1, time(nullptr) - kDedupWindowSeconds);
  sqlite3_step(st);
  sqlite3_finalize(st);
}

bool record_sent(sqlite3 *db, const std::string &notification_id) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT OR IGNORE INTO sent_notifications(id, sent_at) VALUES(?1, ?2)",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, notification_id.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 2, time(nullptr));
  sqlite3_step(st);
  sqlite3_finalize(st);
  return sqlite3_changes(db) == 1;
}

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

bool notify(sqlite3 *db, httplib::Client &push, const std::string &notification_id,
            const std::string &body) {
  if (!record_sent(db, notification_id))
    return true;
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers h{{"X-Idempotency-Key", "notification-" + notification_id}};
  for (int attempt = 0; attempt < 6; ++attempt) {
    auto res = push.Post("/v3/push", h, body, "application/json");
    if (res && res->status < 500 && res->status != 429)
      return res->status / 100 == 2;
    long cap = 30000L << attempt;
    long ms = std::uniform_int_distribution<long>(
        (cap < 180000 ? cap : 180000) / 2, cap < 180000 ? cap : 180000)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
