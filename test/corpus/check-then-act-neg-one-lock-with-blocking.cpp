// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// One lock_guard covers the look-up, the slow provider call and the record:
// atomic (if slow). The records are in memory only.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class RefundHandler {
  std::mutex mu_;
  std::unordered_map<std::string, int> processed_;
  httplib::Client psp_{"https://psp.example"};

public:
  void handle(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::lock_guard<std::mutex> g(mu_);
    auto it = processed_.find(key);
    if (it != processed_.end()) {
      res.status = it->second;
      return;
    }
    auto r = psp_.Post("/refunds", req.body, "application/json");
    const int status = r ? r->status : 502;
    processed_.emplace(key, status);
    res.status = status;
  }
};
