// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// The same worker with idempotency rows kept for 3 days.
#include <chrono>
#include <httplib.h>
#include <random>
#include <sqlite3.h>
#include <string>
#include <thread>

static const char *kPurge =
    "DELETE FROM idempotency_keys WHERE created_at < datetime('now', '-3 days')";

void purge_idempotency_keys(sqlite3 *db) { sqlite3_exec(db, kPurge, nullptr, nullptr, nullptr); }

static bool claim_key(sqlite3 *db, const std::string &key) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO idempotency_keys(key, created_at) VALUES(?1, "
                     "datetime('now')) ON CONFLICT(key) DO NOTHING",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
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

int process_transfer(sqlite3 *db, httplib::Client &bank, const std::string &transfer_id,
                     const std::string &body) {
  if (!claim_key(db, transfer_id))
    return 409;
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers h{{"Idempotency-Key", "transfer-" + transfer_id}};
  for (int attempt = 0; attempt < 6; ++attempt) {
    auto res = bank.Post("/transfers", h, body, "application/json");
    if (res && res->status != 429 && res->status < 500)
      return res->status;
    long cap = 15000L << attempt;
    long ms = std::uniform_int_distribution<long>(0, cap < 120000 ? cap : 120000)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return 503;
}
