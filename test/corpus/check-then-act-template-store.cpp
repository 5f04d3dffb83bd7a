// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A handler class template over its store type, instantiated with a map;
// look-up and record are separate steps around the ledger write.
#include <httplib.h>
#include <map>
#include <sqlite3.h>
#include <string>

template <class Store> class DedupHandler {
  Store store_;
  sqlite3 *db_;

public:
  explicit DedupHandler(sqlite3 *db) : db_(db) {}

  void operator()(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (store_.count(key) > 0) {
      res.status = 200;
      return;
    }
    sqlite3_exec(db_, "INSERT INTO ledger(v) VALUES (1)", nullptr, nullptr,
                 nullptr);
    store_.emplace(key, 201);
    res.status = 201;
  }
};

void install(httplib::Server &svr, sqlite3 *db) {
  static DedupHandler<std::map<std::string, int>> handler(db);
  svr.Post("/ledger", [](const httplib::Request &req, httplib::Response &res) {
    handler(req, res);
  });
}
