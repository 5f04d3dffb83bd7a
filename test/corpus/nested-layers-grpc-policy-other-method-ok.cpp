// corpus: origin written
// corpus: negative retry-nested-layers
// The channel's retry policy names only CreateCharge (keyed on the server);
// the application loop retries GetCharge, which the channel does not retry.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <random>
#include <string>
#include <thread>

static const char *kConfig = R"({"methodConfig": [{
  "name": [{"service": "payments.Payments", "method": "CreateCharge"}],
  "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.2s", "maxBackoff": "2s",
                  "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]})";

grpc::Status read_back(const std::string &target, const payments::ChargeRequest &req,
                       payments::ChargeReply *reply) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kConfig);
  auto stub = payments::Payments::NewStub(
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    s = stub->GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 150L << attempt)(rng)));
  }
  return s;
}
