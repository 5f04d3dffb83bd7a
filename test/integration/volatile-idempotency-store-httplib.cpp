// The check over the real cpp-httplib server API and <sqlite3.h>.
// RUN: not %retrylint --checks='-*,retry-volatile-idempotency-store' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-volatile-idempotency-store' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

int main() {
  httplib::Server svr;
  sqlite3 *db = nullptr;
  sqlite3_open("ledger.db", &db);
  std::mutex mu;
  std::unordered_map<std::string, std::string> responses;
  // CHECK: :[[@LINE-1]]:48: warning: idempotency records in 'responses' live only in process memory
  svr.Post("/charges", [&](const httplib::Request &req, httplib::Response &res) {
    std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu);
    auto it = responses.find(key);
    if (it != responses.end()) {
      res.set_content(it->second, "application/json");
      return;
    }
    sqlite3_exec(db, "INSERT INTO ledger(amount) VALUES (1000)", nullptr, nullptr, nullptr);
    responses.emplace(key, "{\"status\":\"charged\"}");
    res.set_content(responses[key], "application/json");
  });

  std::unordered_map<std::string, std::string> cache;
  svr.Post("/refunds", [&](const httplib::Request &req, httplib::Response &res) {
    std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu);
    if (cache.count(key))
      return;
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO idempotency_keys(key) VALUES (?1)", -1, &st, nullptr);
    sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_finalize(st);
    cache[key] = "refunded";
  });
  svr.listen("127.0.0.1", 8080);
}
