// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// SQLite: SELECT the key, then (after the charge) INSERT it, with no
// transaction around them. The keys table is durable.
#include <httplib.h>
#include <sqlite3.h>
#include <string>

bool charge_card(const std::string &body); // payment provider call

void handle_charge(sqlite3 *db, const httplib::Request &req,
                   httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  sqlite3_stmt *sel = nullptr;
  sqlite3_prepare_v2(db, "SELECT response FROM idempotency_keys WHERE key = ?",
                     -1, &sel, nullptr);
  sqlite3_bind_text(sel, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  const bool seen = sqlite3_step(sel) == SQLITE_ROW;
  sqlite3_finalize(sel);
  if (seen) {
    res.status = 200;
    return;
  }
  const bool ok = charge_card(req.body);
  sqlite3_stmt *ins = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO idempotency_keys(key, response) VALUES (?, ?)",
                     -1, &ins, nullptr);
  sqlite3_bind_text(ins, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(ins, 2, ok ? "ok" : "failed", -1, SQLITE_TRANSIENT);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  res.status = ok ? 201 : 502;
}
