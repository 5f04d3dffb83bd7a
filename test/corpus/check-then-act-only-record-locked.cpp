// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The record is made under a lock; the look-up reads the map without one.
#include <httplib.h>
#include <map>
#include <mutex>
#include <sqlite3.h>
#include <string>

std::mutex mu;
std::map<std::string, int> dedup_statuses;

void install(httplib::Server &svr, sqlite3 *db) {
  svr.Post("/pay", [db](const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (dedup_statuses.count(key)) {
      res.status = dedup_statuses.at(key);
      return;
    }
    sqlite3_exec(db, "INSERT INTO payments(cents) VALUES (100)", nullptr,
                 nullptr, nullptr);
    std::lock_guard<std::mutex> g(mu);
    dedup_statuses.emplace(key, 201);
    res.status = 201;
  });
}
