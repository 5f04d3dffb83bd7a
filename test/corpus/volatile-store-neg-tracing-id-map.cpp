// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// An in-flight table for logging keyed by X-Request-Id (tracing): not an
// idempotency record.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class AccessLog {
  std::mutex mu_;
  std::unordered_map<std::string, long> started_at_;
  sqlite3 *db_ = nullptr;

public:
  void on_request(const httplib::Request &req, long now_ms) {
    const std::string trace = req.get_header_value("X-Request-Id");
    {
      std::lock_guard<std::mutex> g(mu_);
      started_at_.emplace(trace, now_ms);
    }
    sqlite3_exec(db_, "INSERT INTO access(n) VALUES (1)", nullptr, nullptr,
                 nullptr);
  }
};
