// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// Look-up under a shared_lock, record under a later unique_lock on the same
// shared_mutex: two scopes.
#include <fstream>
#include <httplib.h>
#include <shared_mutex>
#include <string>
#include <unordered_map>

class Deposits {
  std::shared_mutex mu_;
  std::unordered_map<std::string, int> idempotency_;
  std::ofstream book_{"/var/lib/bank/deposits.log"};

public:
  int deposit(const httplib::Request &req) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::shared_lock<std::shared_mutex> r(mu_);
      if (idempotency_.count(key))
        return 200;
    }
    book_ << req.body << "\n";
    book_.flush();
    std::unique_lock<std::shared_mutex> w(mu_);
    idempotency_.emplace(key, 201);
    return 201;
  }
};
