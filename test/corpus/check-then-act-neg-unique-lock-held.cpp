// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// A unique_lock taken once and never released before the record: one scope.
#include <fstream>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class Registrar {
  std::mutex mu_;
  std::unordered_map<std::string, std::string> dedup_;
  std::ofstream registry_{"/var/lib/registry.csv"};

public:
  std::string register_device(const httplib::Request &req) {
    const std::string key = req.get_header_value("Idempotency-Key");
    std::unique_lock<std::mutex> lk(mu_);
    auto it = dedup_.find(key);
    if (it != dedup_.end())
      return it->second;
    registry_ << req.body << "\n";
    registry_.flush();
    dedup_.emplace(key, "registered");
    return "registered";
  }
};
