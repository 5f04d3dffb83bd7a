// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// has() and add() wrap the store, but the handler holds the store's mutex
// across both (the wrappers expect the caller to lock).
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

struct KeyBook {
  std::mutex mu; // callers lock
  std::unordered_set<std::string> keys;
  bool has(const std::string &k) const { return keys.count(k) != 0; }
  void add(const std::string &k) { keys.insert(k); }
};

class Webhook {
  KeyBook book_;
  std::ofstream sink_{"/data/webhooks.ndjson"};

public:
  void on_post(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(book_.mu);
    if (book_.has(key)) {
      res.status = 200;
      return;
    }
    sink_ << req.body << "\n";
    book_.add(key);
    res.status = 202;
  }
};
