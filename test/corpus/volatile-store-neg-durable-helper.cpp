// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// A same-file helper records the key in SQLite next to the refund; the map
// is a cache in front of it.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

static bool persist_refund(sqlite3 *db, const std::string &key, long cents) {
  sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  sqlite3_stmt *st = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO refunds(idem_key, cents) VALUES (?, ?) "
                         "ON CONFLICT(idem_key) DO NOTHING",
                     -1, &st, nullptr);
  sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 2, cents);
  sqlite3_step(st);
  sqlite3_finalize(st);
  const bool fresh = sqlite3_changes(db) == 1;
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  return fresh;
}

class Refunds {
  std::mutex mu_;
  std::unordered_map<std::string, int> cache_;
  sqlite3 *db_ = nullptr;

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu_);
    auto it = cache_.find(key);
    if (it != cache_.end()) {
      res.status = it->second;
      return;
    }
    const int status = persist_refund(db_, key, 1500) ? 201 : 200;
    cache_.emplace(key, status);
    res.status = status;
  }
};
