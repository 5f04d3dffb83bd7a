// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// The look-up is map.at() inside a try (a miss throws); the record happens
// after the durable write, in another statement.
#include <httplib.h>
#include <sqlite3.h>
#include <string>
#include <unordered_map>

class Handler {
  std::unordered_map<std::string, std::string> replay_cache_;
  sqlite3 *db_ = nullptr;

public:
  void post(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    try {
      res.set_content(replay_cache_.at(key), "application/json");
      return;
    } catch (...) {
    }
    sqlite3_exec(db_, "INSERT INTO tickets(title) VALUES ('new')", nullptr,
                 nullptr, nullptr);
    replay_cache_[key] = "{\"ticket\":\"created\"}";
    res.status = 201;
  }
};
