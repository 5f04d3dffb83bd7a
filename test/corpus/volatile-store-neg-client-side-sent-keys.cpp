// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A client keeps the receipts of the intents it sent, by key, for its own
// audit page (a client-side map), and sends each with a stable key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

class Outbox {
  std::mutex mu_;
  std::unordered_map<std::string, std::string> receipts_;
  httplib::Client api_{"https://api.example"};

public:
  bool deliver(const std::string &idempotency_key, const std::string &body) {
    httplib::Headers h = {{"Idempotency-Key", idempotency_key}};
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (auto res = api_.Post("/events", h, body, "application/json")) {
        std::lock_guard<std::mutex> g(mu_);
        receipts_.emplace(idempotency_key, res->body);
        return res->status < 300;
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
    return false;
  }
};
