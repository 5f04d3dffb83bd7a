// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-per-attempt-idempotency-key
// The handler forwards the key to a notification call, but the de-dup
// record of its own ledger write is only the in-memory map: forwarding the
// key downstream does not make the record durable.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class PayoutHandler {
  std::mutex mu_;
  std::unordered_map<std::string, int> results_;
  sqlite3 *db_ = nullptr;
  httplib::Client notify_{"http://notifier:8080"};

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu_);
    if (results_.count(key)) {
      res.status = 200;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO payouts(cents) VALUES (5000)", nullptr,
                 nullptr, nullptr);
    httplib::Headers h = {{"Idempotency-Key", key}};
    notify_.Post("/payout-events", h, req.body, "application/json");
    results_.emplace(key, 201);
    res.status = 201;
  }
};
