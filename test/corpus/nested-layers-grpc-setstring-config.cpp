// corpus: origin written
// corpus: expect retry-nested-layers
// The service config reaches the channel through SetString(GRPC_ARG_SERVICE_CONFIG,
// ...) and retries GetCharge 3 times; the caller loops 3 times on top.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <random>
#include <string>
#include <thread>

static const char *kCfg =
    "{\"methodConfig\":[{\"name\":[{\"service\":\"payments.Payments\",\"method\":\"GetCharge\"}],"
    "\"retryPolicy\":{\"maxAttempts\":3,\"initialBackoff\":\"0.1s\",\"maxBackoff\":\"1s\","
    "\"backoffMultiplier\":2,\"retryableStatusCodes\":[\"UNAVAILABLE\"]}}]}";

grpc::Status get_with_retries(const std::string &target, const payments::ChargeRequest &req,
                              payments::ChargeReply *reply) {
  grpc::ChannelArguments args;
  args.SetString(GRPC_ARG_SERVICE_CONFIG, kCfg);
  auto stub = payments::Payments::NewStub(
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    s = stub->GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << attempt)(rng)));
  }
  return s;
}
