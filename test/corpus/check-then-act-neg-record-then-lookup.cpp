// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// SQLite: the claim comes first (INSERT ... ON CONFLICT DO NOTHING), the
// SELECT afterwards only fetches the stored response for a replay.
#include <httplib.h>
#include <sqlite3.h>
#include <string>

void handle(sqlite3 *db, const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  sqlite3_stmt *claim = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO idempotency_keys(k, response) VALUES (?, '') "
                     "ON CONFLICT(k) DO NOTHING",
                     -1, &claim, nullptr);
  sqlite3_bind_text(claim, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(claim);
  sqlite3_finalize(claim);
  if (sqlite3_changes(db) == 0) {
    sqlite3_stmt *sel = nullptr;
    sqlite3_prepare_v2(db, "SELECT response FROM idempotency_keys WHERE k = ?",
                       -1, &sel, nullptr);
    sqlite3_bind_text(sel, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(sel);
    sqlite3_finalize(sel);
    res.status = 200;
    return;
  }
  sqlite3_exec(db, "INSERT INTO shipments(v) VALUES (1)", nullptr, nullptr,
               nullptr);
  res.status = 201;
}
