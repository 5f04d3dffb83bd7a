// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// std::scoped_lock over the store's mutex covers count() and operator[].
#include <fstream>
#include <httplib.h>
#include <map>
#include <mutex>
#include <string>

class Inbox {
  std::mutex mu_;
  std::map<std::string, int> handled_;
  std::ofstream out_{"/var/spool/inbox.ndjson"};

public:
  int accept(const httplib::Request &req) {
    const std::string key = req.get_header_value("X-Idempotency-Key");
    std::scoped_lock lock(mu_);
    if (handled_.count(key))
      return 200;
    out_ << req.body << "\n";
    handled_[key] = 202;
    return 202;
  }
};
