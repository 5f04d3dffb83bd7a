// corpus: origin written
// corpus: expect retry-nested-layers
// The channel retries GetCharge by its service config (4 attempts) and the
// application loop retries the same call 3 times: 12 requests.
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
