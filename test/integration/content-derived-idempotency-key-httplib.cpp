// The check over the real cpp-httplib client and server API.
// RUN: not %retrylint --checks='-*,retry-content-derived-idempotency-key' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-content-derived-idempotency-key' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <functional>
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_set>

struct Order {
  std::string order_id;
  long amount;
  std::string currency;
};

bool charge_bad(httplib::Client &cli, const Order &o) {
  httplib::Headers h = {
      {"Idempotency-Key", std::to_string(std::hash<std::string>{}(std::to_string(o.amount) + o.currency))}};
  // CHECK: :[[@LINE-1]]:27: warning: idempotency key is derived only from payload content (a hash of 'amount', 'currency')
  return static_cast<bool>(cli.Post("/charges", h, "{}", "application/json"));
}

bool charge_ok(httplib::Client &cli, const Order &o) {
  httplib::Headers h = {{"Idempotency-Key", "charge-" + o.order_id}};
  return static_cast<bool>(cli.Post("/charges", h, "{}", "application/json"));
}

class Server {
  std::mutex mu_;
  std::unordered_set<std::size_t> seen_;

public:
  void on_charge(const httplib::Request &req, httplib::Response &res) {
    std::lock_guard<std::mutex> g(mu_);
    if (!seen_.insert(std::hash<std::string>{}(req.body)).second)
      // CHECK: :[[@LINE-1]]:23: warning: idempotency key is derived only from payload content (a hash of 'body')
      res.status = 200;
  }
};
