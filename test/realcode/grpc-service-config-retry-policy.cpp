// corpus: origin github:grpc/grpc src/core/client_channel/retry_interceptor.cc ShouldRetry
// corpus: real-headers
// corpus: negative retry-non-retryable-status retry-missing-budget retry-missing-backoff retry-nested-layers
// A channel whose service config retries UNAVAILABLE only, at most 4
// attempts, with exponential backoff (gRPC jitters it); the call site does
// not loop.
#include <grpcpp/grpcpp.h>
#include <memory>
#include <string>

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
  grpc::ClientContext ctx;
  return stub.SayHello(&ctx, req, reply);
}
