// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// Claim with try_emplace, release the claim with erase if the work fails:
// the look-up is the atomic claim itself.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class Orders {
  std::mutex mu_;
  std::unordered_map<std::string, int> inflight_;
  httplib::Client warehouse_{"http://warehouse"};

public:
  int create(const httplib::Request &req) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      if (!inflight_.try_emplace(key, 0).second)
        return 409;
    }
    auto r = warehouse_.Post("/reservations", req.body, "application/json");
    if (!r) {
      std::lock_guard<std::mutex> g(mu_);
      inflight_.erase(key);
      return 502;
    }
    return 201;
  }
};
