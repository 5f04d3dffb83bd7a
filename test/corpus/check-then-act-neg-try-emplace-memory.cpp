// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// The claim is atomic (try_emplace under a lock), but the keys live only
// in process memory while the charges go to SQLite.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class ChargeService {
  std::mutex mu_;
  std::unordered_map<std::string, int> idempotency_;
  sqlite3 *db_ = nullptr;

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      auto [it, inserted] = idempotency_.try_emplace(key, 0);
      if (!inserted) {
        res.status = 409;
        return;
      }
    }
    sqlite3_exec(db_, "INSERT INTO charges(cents) VALUES (1999)", nullptr,
                 nullptr, nullptr);
    res.status = 201;
  }
};
