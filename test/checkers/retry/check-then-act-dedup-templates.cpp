// RUN: %check_retrylint %s retry-check-then-act-dedup %t -- -- -I %S/Inputs/Headers
//
// Handlers written as templates over their store type: the calls on a
// dependent member (`store_.count(key)` on a `Store store_`) are resolved in
// an instantiation, which is analysed in place of the template (the corpus
// case check-then-act-template-store).

#include <httplib.h>
#include <map>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_set>

template <class Store> class DedupHandler {
  Store store_;
  sqlite3 *db_;

public:
  explicit DedupHandler(sqlite3 *db) : db_(db) {}

  void operator()(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (store_.count(key) > 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'store_' are not one atomic step (no lock covers both)
      res.status = 200;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO ledger(v) VALUES (1)", nullptr, nullptr, nullptr);
    store_.emplace(key, 201);
    res.status = 201;
  }
};

// The same handler under one lock: atomic.
template <class Store> class LockedHandler {
  Store store_;
  std::mutex mu_;

public:
  void operator()(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> lock(mu_);
    if (store_.count(key) > 0) {
      res.status = 200;
      return;
    }
    store_.emplace(key, 201);
    res.status = 201;
  }
};

// A function template over the set type, checking with insert's result.
template <class Set> bool claim_once(Set &seen, const std::string &idempotency_key) {
  return seen.insert(idempotency_key).second;
}

// FIXME: a template that is never instantiated keeps its calls on dependent
// members unresolved, so its look-up and record are not recognized.
template <class Store> class UnusedHandler_FN {
  Store store_;

public:
  void handle(const std::string &idempotency_key) {
    if (store_.count(idempotency_key))
      return;
    store_.emplace(idempotency_key, 1);
  }
};

void install(httplib::Server &svr, sqlite3 *db) {
  static DedupHandler<std::map<std::string, int>> handler(db);
  static LockedHandler<std::map<std::string, int>> locked;
  svr.Post("/ledger", [](const httplib::Request &req, httplib::Response &res) {
    handler(req, res);
    locked(req, res);
  });
  std::unordered_set<std::string> seen;
  claim_once(seen, "k");
}
