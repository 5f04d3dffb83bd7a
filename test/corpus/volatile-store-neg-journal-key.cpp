// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// The key is appended to a journal file together with the order before
// the reply (and replayed into the set at start-up); the set is a cache.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

class OrderLog {
  std::mutex mu_;
  std::unordered_set<std::string> keys_;
  std::ofstream journal_{"/var/lib/orders/journal.log"};

public:
  void create(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu_);
    if (!keys_.insert(key).second) {
      res.status = 200;
      return;
    }
    journal_ << key << "\t" << req.body << "\n";
    journal_.flush();
    res.status = 201;
  }
};
