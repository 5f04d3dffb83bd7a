// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// A function-local static map (shared by every call) keyed by the
// X-Idempotency-Key header, with a one-lock claim and a durable write.
#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

void subscribe(sqlite3 *db, const httplib::Request &req, httplib::Response &res) {
  static std::mutex mu;
  static std::unordered_map<std::string, int> replies;
  const std::string key = req.get_header_value("X-Idempotency-Key");
  std::lock_guard<std::mutex> g(mu);
  auto it = replies.find(key);
  if (it != replies.end()) {
    res.status = it->second;
    return;
  }
  const int rc = sqlite3_exec(db, "INSERT INTO subscriptions(plan) VALUES ('pro')",
                              nullptr, nullptr, nullptr);
  replies.emplace(key, rc == SQLITE_OK ? 201 : 500);
  res.status = rc == SQLITE_OK ? 201 : 500;
}
