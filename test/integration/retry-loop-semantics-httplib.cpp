// The retry-loop semantics checks over code that includes the real Debian
// cpp-httplib header: Result's explicit operator bool, Response::status and
// get_header_value are the real API shapes.
//
// RUN: not %retrylint --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>

#include <chrono>
#include <random>
#include <string>
#include <thread>

static std::mt19937 rng{std::random_device{}()};

static std::chrono::milliseconds jittered(int attempt) {
  std::uniform_int_distribution<int> d(0, 100 << attempt);
  return std::chrono::milliseconds(d(rng));
}

bool charge_unkeyed_bad(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/v1/charges", body, "application/json");
    // CHECK: :[[@LINE-1]]:16: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key{{.*}} [retry-unkeyed-side-effect]
    if (res && (res->status < 500 || res->status == 503))
      return res->status == 201;
    std::this_thread::sleep_for(jittered(attempt));
  }
  return false;
}

bool fetch_until_200_bad(httplib::Client &cli) {
  while (true) {
    // CHECK: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline{{.*}} [retry-missing-budget]
    auto res = cli.Get("/v1/orders/1");
    if (res && res->status == 200)
      // CHECK: :[[@LINE-1]]:9: warning: retry path for HTTP 429 and 503 ignores the Retry-After header{{.*}} [retry-missing-backoff]
      // CHECK: :[[@LINE-2]]:9: warning: retry path is taken for HTTP 400-407, 409-424, 426-428, 430-499, which will not succeed on retry{{.*}} [retry-non-retryable-status]
      return true;
    std::this_thread::sleep_for(std::chrono::seconds(1));
    // CHECK: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter{{.*}} [retry-missing-backoff]
  }
}

bool charge_keyed_ok(httplib::Client &cli, const std::string &order_id,
                     const std::string &body) {
  httplib::Headers h{{"Idempotency-Key", "order-" + order_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/v1/charges", h, body, "application/json");
    if (!res || res->status >= 500 || res->status == 429 || res->status == 408) {
      auto after = res ? res->get_header_value("Retry-After") : std::string();
      std::this_thread::sleep_for(after.empty() ? jittered(attempt)
                                                : std::chrono::seconds(std::stoi(after)));
      continue;
    }
    return res->status == 201;
  }
  return false;
}
