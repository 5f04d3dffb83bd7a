// corpus: origin written
// corpus: expect retry-non-retryable-status
// The channel's service config is a raw string literal; its retryPolicy
// retries NOT_FOUND and FAILED_PRECONDITION besides UNAVAILABLE.
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>

static const char *kServiceConfig = R"json({
  "methodConfig": [{
    "name": [{"service": "payments.Payments", "method": "GetCharge"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.2s",
      "maxBackoff": "2s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "NOT_FOUND", "FAILED_PRECONDITION"]
    }
  }]
})json";

std::unique_ptr<payments::Payments::Stub> make_reader(const std::string &target) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kServiceConfig);
  auto channel = grpc::CreateCustomChannel(
      target, grpc::InsecureChannelCredentials(), args);
  return payments::Payments::NewStub(channel);
}

bool charge_exists(payments::Payments::Stub &stub, const std::string &order) {
  payments::ChargeRequest req;
  req.set_order_id(order);
  payments::ChargeReply reply;
  grpc::ClientContext ctx;
  return stub.GetCharge(&ctx, req, &reply).ok();
}
