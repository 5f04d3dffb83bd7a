// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// SELECT for the replay, then INSERT OR REPLACE of the response row: the
// write cannot duplicate the key.
#include <sqlite3.h>
#include <string>

bool apply_adjustment(sqlite3 *db, const std::string &key, long cents) {
  sqlite3_stmt *sel = nullptr;
  sqlite3_prepare_v2(db, "SELECT response FROM idempotency WHERE key = ?", -1,
                     &sel, nullptr);
  sqlite3_bind_text(sel, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  const bool done = sqlite3_step(sel) == SQLITE_ROW;
  sqlite3_finalize(sel);
  if (done)
    return true;
  sqlite3_stmt *ins = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT OR REPLACE INTO idempotency(key, response) "
                     "VALUES (?, 'applied')",
                     -1, &ins, nullptr);
  sqlite3_bind_text(ins, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  sqlite3_stmt *adj = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO adjustments(cents) VALUES (?)", -1, &adj,
                     nullptr);
  sqlite3_bind_int64(adj, 1, cents);
  sqlite3_step(adj);
  sqlite3_finalize(adj);
  return true;
}
