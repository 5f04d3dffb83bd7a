// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// SQLite: SELECT then INSERT of the key inside one BEGIN IMMEDIATE
// transaction, committed together with the order row.
#include <httplib.h>
#include <sqlite3.h>
#include <string>

void place_order(sqlite3 *db, const httplib::Request &req,
                 httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  sqlite3_stmt *sel = nullptr;
  sqlite3_prepare_v2(db, "SELECT 1 FROM idempotency_keys WHERE k = ?", -1, &sel,
                     nullptr);
  sqlite3_bind_text(sel, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  const bool dup = sqlite3_step(sel) == SQLITE_ROW;
  sqlite3_finalize(sel);
  if (dup) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    res.status = 200;
    return;
  }
  sqlite3_stmt *ins = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO idempotency_keys(k) VALUES (?)", -1, &ins,
                     nullptr);
  sqlite3_bind_text(ins, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  sqlite3_exec(db, "INSERT INTO orders(sku) VALUES ('A-1')", nullptr, nullptr,
               nullptr);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  res.status = 201;
}
