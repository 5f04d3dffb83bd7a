// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The store wrapper's claim() does insert(...).second under its lock; the
// handler asks only claim(): one atomic step. Process memory, though.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_set>

class Claims {
  std::mutex mu_;
  std::unordered_set<std::string> keys_;

public:
  bool claim(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    return keys_.insert(k).second;
  }
};

class PayEndpoint {
  Claims claims_;
  sqlite3 *db_ = nullptr;

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (!claims_.claim(key)) {
      res.status = 409;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO payments(cents) VALUES (10)", nullptr,
                 nullptr, nullptr);
    res.status = 201;
  }
};
