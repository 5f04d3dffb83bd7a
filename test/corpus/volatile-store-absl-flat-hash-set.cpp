// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// An Abseil flat_hash_set of claimed keys (atomic insert().second under a
// mutex) in front of a file-backed ledger.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <utility>

namespace absl {
template <class K> class flat_hash_set {
public:
  struct iterator {};
  std::pair<iterator, bool> insert(const K &);
  bool contains(const K &) const;
};
} // namespace absl

class Ledger {
  std::mutex mu_;
  absl::flat_hash_set<std::string> claimed_;
  std::ofstream file_{"/var/lib/ledger/entries.log"};

public:
  void post(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      if (!claimed_.insert(key).second) {
        res.status = 200;
        return;
      }
    }
    file_ << req.body << "\n";
    file_.flush();
    res.status = 201;
  }
};
