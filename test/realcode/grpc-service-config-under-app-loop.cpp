// corpus: origin github:grpc/grpc src/core/client_channel/retry_interceptor.cc ShouldRetry
// corpus: real-headers
// corpus: fixme-fn retry-nested-layers FIXME: a project stub class constructed from a channel whose service config retries is not linked to that channel's retry layer
// corpus: negative retry-non-retryable-status retry-missing-budget retry-missing-backoff
// The same retrying channel, and around the call an application loop of 3
// attempts with jittered waits: up to 3 x 4 = 12 calls per request.
#include <grpcpp/grpcpp.h>
#include <chrono>
#include <memory>
#include <random>
#include <string>
#include <thread>

static const char *kRetryServiceConfig = R"json({
  "methodConfig": [{
    "name": [{"service": "helloworld.Greeter"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.1s",
      "maxBackoff": "1s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE"]
    }
  }]
})json";

struct HelloRequest {};
struct HelloReply {};
class GreeterStub {
public:
  explicit GreeterStub(std::shared_ptr<grpc::Channel> channel);
  grpc::Status SayHello(grpc::ClientContext *ctx, const HelloRequest &req, HelloReply *reply); // RPC
};

grpc::Status Greet(const std::string &target, const HelloRequest &req, HelloReply *reply) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kRetryServiceConfig);
  GreeterStub stub(grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  std::minstd_rand rng(std::random_device{}());
  grpc::Status status;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    status = stub.SayHello(&ctx, req, reply);
    if (status.ok() || status.error_code() != grpc::StatusCode::UNAVAILABLE)
      return status;
    std::uniform_int_distribution<int> jitter(0, 200 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(jitter(rng)));
  }
  return status;
}
