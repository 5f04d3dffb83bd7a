// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: fixme-fn retry-volatile-idempotency-store FIXME: an SQLite database opened on ":memory:" holds the keys: binding the key into it counts as durable
// The keys go to an SQLite ":memory:" database (process memory), the
// orders to a file database. The claim itself is atomic (OR IGNORE).
#include <httplib.h>
#include <sqlite3.h>
#include <string>

class OrderServer {
  sqlite3 *keys_db_ = nullptr;
  sqlite3 *orders_db_ = nullptr;

public:
  OrderServer() {
    sqlite3_open(":memory:", &keys_db_);
    sqlite3_exec(keys_db_, "CREATE TABLE idempotency_keys(k TEXT PRIMARY KEY)",
                 nullptr, nullptr, nullptr);
    sqlite3_open("/var/lib/shop/orders.db", &orders_db_);
  }

  void create(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(keys_db_,
                       "INSERT OR IGNORE INTO idempotency_keys(k) VALUES (?)",
                       -1, &st, nullptr);
    sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_finalize(st);
    if (sqlite3_changes(keys_db_) == 0) {
      res.status = 200;
      return;
    }
    sqlite3_exec(orders_db_, "INSERT INTO orders(sku) VALUES ('B-2')", nullptr,
                 nullptr, nullptr);
    res.status = 201;
  }
};
