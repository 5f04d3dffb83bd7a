// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// SELECT of a balance, then INSERT of a ledger row: a read before a write,
// but neither is a de-dup look-up or record.
#include <sqlite3.h>
#include <string>

bool withdraw(sqlite3 *db, const std::string &account, long cents) {
  sqlite3_stmt *sel = nullptr;
  sqlite3_prepare_v2(db, "SELECT balance FROM accounts WHERE id = ?", -1, &sel,
                     nullptr);
  sqlite3_bind_text(sel, 1, account.c_str(), -1, SQLITE_TRANSIENT);
  const bool exists = sqlite3_step(sel) == SQLITE_ROW;
  sqlite3_finalize(sel);
  if (!exists)
    return false;
  sqlite3_stmt *ins = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO ledger(account, cents) VALUES (?, ?)", -1,
                     &ins, nullptr);
  sqlite3_bind_text(ins, 1, account.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(ins, 2, -cents);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  return true;
}
