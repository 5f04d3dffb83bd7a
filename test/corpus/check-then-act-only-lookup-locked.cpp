// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// Only the look-up holds the lock; the record is made after it is gone.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

class Receiver {
  std::mutex mu_;
  std::unordered_set<std::string> seen_;
  std::ofstream out_{"/data/inbox.log"};

public:
  void receive(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    bool dup;
    {
      std::lock_guard<std::mutex> g(mu_);
      dup = seen_.count(key) > 0;
    }
    if (dup) {
      res.status = 200;
      return;
    }
    out_ << req.body << "\n";
    seen_.insert(key);
    res.status = 202;
  }
};
