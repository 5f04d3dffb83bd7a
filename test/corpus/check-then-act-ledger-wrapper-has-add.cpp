// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The store is wrapped: has() and add() each take the lock, and the handler
// calls has(), applies the charge, then add(); two duplicates can both pass
// has().
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_set>

class KeyLedger {
  std::mutex mu_;
  std::unordered_set<std::string> keys_;

public:
  bool has(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    return keys_.count(k) != 0;
  }
  void add(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    keys_.insert(k);
  }
};

class ChargeEndpoint {
  KeyLedger ledger_;
  sqlite3 *db_;

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (ledger_.has(key)) {
      res.status = 200;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO charges(amount) VALUES (500)", nullptr,
                 nullptr, nullptr);
    ledger_.add(key);
    res.status = 201;
  }
};
