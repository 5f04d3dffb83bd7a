// The check over real Boost.Beast request fields.
// RUN: not %retrylint --checks='-*,retry-volatile-idempotency-store' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-volatile-idempotency-store' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <boost/beast/http.hpp>
#include <fstream>
#include <string>
#include <unordered_set>

namespace http = boost::beast::http;

class Handler {
  std::unordered_set<std::string> seen_;
  // CHECK: :[[@LINE-1]]:35: warning: idempotency records in 'seen_' live only in process memory
  std::ofstream ledger_{"ledger.jsonl", std::ios::app};

public:
  http::response<http::string_body>
  handle(const http::request<http::string_body> &req) {
    std::string key(req["Idempotency-Key"]);
    http::response<http::string_body> res{http::status::created, req.version()};
    if (!seen_.insert(key).second) {
      res.result(http::status::ok);
      return res;
    }
    ledger_ << req.body() << '\n';
    return res;
  }

  // A response header is not a request's key.
  void response_ok(http::response<http::string_body> &res) {
    std::string key(res["Idempotency-Key"]);
    seen_.insert(key);
    ledger_ << key;
  }
};
