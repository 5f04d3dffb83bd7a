// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// The key is recorded in SQLite in the same BEGIN IMMEDIATE transaction as
// the charge; an in-memory map in front of it only answers fast replays.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class ChargeApi {
  std::mutex mu_;
  std::unordered_map<std::string, int> recent_;
  sqlite3 *db_ = nullptr;

public:
  void charge(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = recent_.find(key);
      if (it != recent_.end()) {
        res.status = it->second;
        return;
      }
    }
    sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_stmt *claim = nullptr;
    sqlite3_prepare_v2(db_, "INSERT OR IGNORE INTO idempotency_keys(k) VALUES (?)",
                       -1, &claim, nullptr);
    sqlite3_bind_text(claim, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(claim);
    sqlite3_finalize(claim);
    const bool fresh = sqlite3_changes(db_) == 1;
    if (fresh)
      sqlite3_exec(db_, "INSERT INTO charges(cents) VALUES (900)", nullptr,
                   nullptr, nullptr);
    sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
    std::lock_guard<std::mutex> g(mu_);
    recent_.try_emplace(key, fresh ? 201 : 200);
    res.status = fresh ? 201 : 200;
  }
};
