// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// An in-flight set: find(), a blocking POST to the downstream provider,
// insert(); the lock is taken only for the insert's own statement scope.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

class SmsGateway {
  std::mutex mu_;
  std::unordered_set<std::string> inflight_;
  httplib::Client carrier_{"https://carrier.example"};

public:
  int send(const httplib::Request &req) {
    const std::string key = req.get_header_value("Idempotency-Key");
    if (inflight_.find(key) != inflight_.end())
      return 409;
    auto r = carrier_.Post("/sms", req.body, "application/json");
    {
      std::lock_guard<std::mutex> g(mu_);
      inflight_.insert(key);
    }
    return r ? r->status : 502;
  }
};
