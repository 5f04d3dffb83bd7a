// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: fixme-fn retry-volatile-idempotency-store FIXME: a service method that takes the key as a key-named parameter and whose durable side effect is a downstream POST is treated as a client-side cache
// A unique_lock released around the slow provider call: look-up and record
// end up in two lock scopes.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class PayoutService {
  std::mutex mu_;
  std::unordered_map<std::string, int> processed_;
  httplib::Client bank_{"https://bank.example"};

public:
  int payout(const std::string &idempotency_key, const std::string &body) {
    std::unique_lock<std::mutex> lk(mu_);
    if (processed_.count(idempotency_key))
      return processed_[idempotency_key];
    lk.unlock();
    auto r = bank_.Post("/payouts", body, "application/json");
    const int status = r ? r->status : 502;
    lk.lock();
    processed_[idempotency_key] = status;
    return status;
  }
};
