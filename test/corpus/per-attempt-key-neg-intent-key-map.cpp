// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// A client keeps one random key per intent in a map (try_emplace), looked
// up before the retry loop; every attempt of the intent sends it.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

class RefundClient {
  std::mutex mu_;
  std::unordered_map<std::string, std::string> key_by_refund_;
  boost::uuids::random_generator gen_;
  httplib::Client api_{"https://psp.example"};

  std::string key_for(const std::string &refund_id) {
    std::lock_guard<std::mutex> g(mu_);
    auto [it, fresh] =
        key_by_refund_.try_emplace(refund_id, boost::uuids::to_string(gen_()));
    return it->second;
  }

public:
  bool refund(const std::string &refund_id, const std::string &json) {
    const std::string key = key_for(refund_id);
    for (int attempt = 0; attempt < 3; ++attempt) {
      httplib::Headers h = {{"Idempotency-Key", key}};
      if (auto res = api_.Post("/refunds", h, json, "application/json"))
        return res->status < 300;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
    return false;
  }
};
