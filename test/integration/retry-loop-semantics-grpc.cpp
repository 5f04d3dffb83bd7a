// The retry-loop semantics checks over the real gRPC C++ headers: a
// hand-written stub with the shape protoc generates, grpc::Status and
// grpc::StatusCode from <grpcpp/grpcpp.h>, and a service-config literal.
//
// RUN: not %retrylint --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <random>
#include <string>
#include <thread>

namespace orders {
struct CreateOrderRequest {
  std::string sku;
};
struct Order {};
class Orders {
public:
  class Stub {
  public:
    grpc::Status CreateOrder(grpc::ClientContext *ctx,
                             const CreateOrderRequest &req, Order *out);
    grpc::Status GetOrder(grpc::ClientContext *ctx,
                          const CreateOrderRequest &req, Order *out);
  };
};
} // namespace orders

static std::mt19937 rng{std::random_device{}()};
static void backoff(int attempt) {
  std::uniform_int_distribution<int> d(0, 100 << attempt);
  std::this_thread::sleep_for(std::chrono::milliseconds(d(rng)));
}

bool create_order_bad(orders::Orders::Stub &stub,
                      const orders::CreateOrderRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    orders::Order out;
    grpc::Status s = stub.CreateOrder(&ctx, req, &out);
    // CHECK: :[[@LINE-1]]:22: warning: 'orders::Orders::Stub::CreateOrder' is re-sent after an ambiguous failure{{.*}} [retry-unkeyed-side-effect]
    if (s.ok())
      // CHECK: :[[@LINE-1]]:9: warning: retry path is taken for gRPC INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS{{.*}} [retry-non-retryable-status]
      return true;
    backoff(attempt);
  }
  return false;
}

bool get_order_on_transient_codes_ok(orders::Orders::Stub &stub,
                                     const orders::CreateOrderRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    orders::Order out;
    grpc::Status s = stub.GetOrder(&ctx, req, &out);
    if (s.error_code() != grpc::StatusCode::UNAVAILABLE &&
        s.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED)
      return s.ok();
    backoff(attempt);
  }
  return false;
}

void configure(grpc::ChannelArguments &args) {
  args.SetServiceConfigJSON(R"({"methodConfig": [{"name": [{"service": "orders.Orders"}],
    "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", "FAILED_PRECONDITION"]}}]})");
  // CHECK: :[[@LINE-3]]:29: warning: gRPC retry policy retries gRPC FAILED_PRECONDITION, which will not succeed on retry{{.*}} [retry-non-retryable-status]
}
