// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A cpp-httplib service class: find() under one lock_guard, the charge
// POSTed to the acquirer, emplace() under another.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class Acquiring {
  std::mutex mu_;
  std::unordered_map<std::string, int> idem_results_;
  httplib::Client acquirer_{"https://acquirer.example"};

public:
  void charge(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = idem_results_.find(key);
      if (it != idem_results_.end()) {
        res.status = it->second;
        return;
      }
    }
    auto r = acquirer_.Post("/authorize", req.body, "application/json");
    const int status = r ? r->status : 502;
    {
      std::lock_guard<std::mutex> g(mu_);
      idem_results_.emplace(key, status);
    }
    res.status = status;
  }
};
