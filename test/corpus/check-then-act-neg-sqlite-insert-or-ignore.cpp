// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// INSERT OR IGNORE claims the key; sqlite3_changes() says who owns it. The
// keys table lives in the same database file as the ledger.
#include <httplib.h>
#include <sqlite3.h>
#include <string>

void handle_payment(sqlite3 *db, const httplib::Request &req,
                    httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO idempotency_keys(k) VALUES (?)",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  sqlite3_finalize(st);
  if (sqlite3_changes(db) == 0) {
    res.status = 200; // an earlier request owns this key
    return;
  }
  sqlite3_exec(db, "INSERT INTO payments(cents) VALUES (4200)", nullptr, nullptr,
               nullptr);
  res.status = 201;
}
