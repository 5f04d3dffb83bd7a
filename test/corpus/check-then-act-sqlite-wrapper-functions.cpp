// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: expect retry-check-then-act-dedup
// The SQL look-up and the SQL record sit in two same-file wrapper
// functions; the handler calls one, does the work, then the other.
#include <httplib.h>
#include <sqlite3.h>
#include <string>

static bool key_exists(sqlite3 *db, const std::string &key) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db, "SELECT 1 FROM dedup_keys WHERE k = ?", -1, &st,
                     nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  const bool found = sqlite3_step(st) == SQLITE_ROW;
  sqlite3_finalize(st);
  return found;
}

static void record_key(sqlite3 *db, const std::string &key) {
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO dedup_keys(k) VALUES (?)", -1, &st,
                     nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  sqlite3_finalize(st);
}

void handle_booking(sqlite3 *db, const httplib::Request &req,
                    httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  if (key_exists(db, key)) {
    res.status = 200;
    return;
  }
  sqlite3_exec(db, "INSERT INTO bookings(seat) VALUES ('12A')", nullptr,
               nullptr, nullptr);
  record_key(db, key);
  res.status = 201;
}
