// RUN: %check_retrylint %s retry-volatile-idempotency-store %t -- -- -I %S/Inputs/Headers
//
// A handler class template over its store type keeps the keys in whatever
// it is instantiated with: an instantiation with a std::map keeps them in
// process memory (the corpus case check-then-act-template-store).

#include <httplib.h>
#include <map>
#include <sqlite3.h>
#include <string>

template <class Store> class DedupHandler {
  Store store_;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: idempotency records in 'store_' live only in process memory
  sqlite3 *db_;

public:
  explicit DedupHandler(sqlite3 *db) : db_(db) {}

  void operator()(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (store_.count(key) > 0) {
      res.status = 200;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO ledger(v) VALUES (1)", nullptr, nullptr, nullptr);
    store_.emplace(key, 201);
    res.status = 201;
  }
};

// A store type of the project's own, durable by its name and its SQL.
class SqliteKeys {
  sqlite3 *db_;

public:
  explicit SqliteKeys(sqlite3 *db) : db_(db) {}
  bool claim(const std::string &idempotency_key);
};

template <class Keys> class DurableHandler {
  Keys keys_;

public:
  explicit DurableHandler(sqlite3 *db) : keys_(db) {}
  void operator()(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (!keys_.claim(key)) {
      res.status = 200;
      return;
    }
    res.status = 201;
  }
};

void install(httplib::Server &svr, sqlite3 *db) {
  static DedupHandler<std::map<std::string, int>> handler(db);
  static DurableHandler<SqliteKeys> durable(db);
  svr.Post("/ledger", [](const httplib::Request &req, httplib::Response &res) {
    handler(req, res);
    durable(req, res);
  });
}
