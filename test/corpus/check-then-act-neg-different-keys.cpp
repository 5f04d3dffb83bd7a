// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// The look-up is a rate-limit check by client address; the record is a
// per-address counter bump, not a de-dup of requests.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class Limiter {
  std::unordered_map<std::string, int> hits_by_ip_;
  sqlite3 *db_ = nullptr;

public:
  void on_order(const std::string &client_ip, const httplib::Request &req,
                httplib::Response &res) {
    if (hits_by_ip_.count(client_ip) && hits_by_ip_.at(client_ip) > 100) {
      res.status = 429;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO orders(v) VALUES (1)", nullptr, nullptr,
                 nullptr);
    hits_by_ip_[client_ip] += 1;
    res.status = 201;
  }
};
