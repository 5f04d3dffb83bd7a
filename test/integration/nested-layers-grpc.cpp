// retry-nested-layers over the real gRPC C++ headers: a stub with the shape
// protoc generates (NewStub over a grpc::ChannelInterface), a channel built
// with grpc::CreateCustomChannel and a service-config literal whose
// retryPolicy makes the channel itself a retry layer.
//
// RUN: not %retrylint --checks='-*,retry-nested-layers' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-nested-layers' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

namespace orders {
struct CreateOrderRequest {
  std::string sku;
};
struct Order {};
class Orders {
public:
  class Stub {
  public:
    explicit Stub(const std::shared_ptr<grpc::ChannelInterface> &channel);
    grpc::Status CreateOrder(grpc::ClientContext *ctx,
                             const CreateOrderRequest &req, Order *out);
  };
  static std::unique_ptr<Stub>
  NewStub(const std::shared_ptr<grpc::ChannelInterface> &channel) {
    return std::make_unique<Stub>(channel);
  }
};
} // namespace orders

// gRPC caps maxAttempts at 5 whatever the config says.
static const char kServiceConfig[] = R"json({
  "methodConfig": [{
    "name": [{"service": "orders.Orders", "method": "CreateOrder"}],
    "retryPolicy": {
      "maxAttempts": 8,
      "initialBackoff": "0.2s",
      "maxBackoff": "2s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "ABORTED"]
    }
  }]
})json";

class OrderClient {
public:
  explicit OrderClient(const std::string &target) {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(kServiceConfig);
    auto channel = grpc::CreateCustomChannel(
        target, grpc::InsecureChannelCredentials(), args);
    stub_ = orders::Orders::NewStub(channel);
  }

  bool create_bad(const orders::CreateOrderRequest &req) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      orders::Order out;
      grpc::Status s = stub_->CreateOrder(&ctx, req, &out);
      if (s.ok())
        return true;
      if (s.error_code() != grpc::StatusCode::UNAVAILABLE)
        return false;
    }
    return false;
  }
  // CHECK: nested-layers-grpc.cpp:[[@LINE-11]]:5: warning: retry loop (3 attempts) calls 'CreateOrder' which retries (5 attempts, gRPC retry policy): up to 15 requests per call [retry-nested-layers]
  // CHECK: nested-layers-grpc.cpp:37:38: note: gRPC retry policy: 5 attempts per call of 'CreateOrder'

  // Disjoint failure classes: the channel retries UNAVAILABLE and ABORTED;
  // this loop re-runs on FAILED_PRECONDITION only (a stale read version).
  bool create_disjoint_ok(const orders::CreateOrderRequest &req) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      orders::Order out;
      grpc::Status s = stub_->CreateOrder(&ctx, req, &out);
      if (s.error_code() != grpc::StatusCode::FAILED_PRECONDITION)
        return s.ok();
    }
    return false;
  }

private:
  std::unique_ptr<orders::Orders::Stub> stub_;
};

// The same loop over a plain channel: one layer, nothing to report.
bool plain_channel_ok(const std::string &target,
                      const orders::CreateOrderRequest &req) {
  auto stub = orders::Orders::NewStub(
      grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    orders::Order out;
    if (stub->CreateOrder(&ctx, req, &out).ok())
      return true;
  }
  return false;
}

// Retries switched off with GRPC_ARG_ENABLE_RETRIES.
bool retries_disabled_ok(const std::string &target,
                         const orders::CreateOrderRequest &req) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kServiceConfig);
  args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
  auto stub = orders::Orders::NewStub(grpc::CreateCustomChannel(
      target, grpc::InsecureChannelCredentials(), args));
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    orders::Order out;
    if (stub->CreateOrder(&ctx, req, &out).ok())
      return true;
  }
  return false;
}
