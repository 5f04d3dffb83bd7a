// corpus: origin written
// corpus: negative retry-nested-layers
// The same service config, but the channel is built with
// GRPC_ARG_ENABLE_RETRIES 0: the application loop is the only layer.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <random>
#include <string>
#include <thread>

class ChargeLookup {
public:
  explicit ChargeLookup(const std::string &target) {
    grpc::ChannelArguments args;
    args.SetServiceConfigJSON(R"({"methodConfig": [{
      "name": [{"service": "payments.Payments", "method": "GetCharge"}],
      "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
                      "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]})");
    args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
    stub_ = payments::Payments::NewStub(
        grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  }

  grpc::Status get(const payments::ChargeRequest &req, payments::ChargeReply *reply) {
    grpc::Status s;
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      s = stub_->GetCharge(&ctx, req, reply);
      if (s.error_code() != grpc::UNAVAILABLE)
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 200L << attempt)(rng_)));
    }
    return s;
  }

private:
  std::unique_ptr<payments::Payments::Stub> stub_;
  std::minstd_rand rng_{std::random_device{}()};
};
