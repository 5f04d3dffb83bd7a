// corpus: origin written
// corpus: expect retry-nested-layers
// A retry policy for every method of the service (no method name), and a
// retry helper in the application around a stub call on that channel.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <memory>
#include <random>
#include <string>
#include <thread>

template <class Call> grpc::Status retrying(Call call, int attempts) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int i = 0; i < attempts; ++i) {
    s = call();
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << i)(rng)));
  }
  return s;
}

grpc::Status charge_view(const std::string &target, const payments::ChargeRequest &req,
                         payments::ChargeReply *reply) {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(
      "{\"methodConfig\": [{\"name\": [{\"service\": \"payments.Payments\"}], "
      "\"retryPolicy\": {\"maxAttempts\": 3, \"initialBackoff\": \"0.1s\", "
      "\"maxBackoff\": \"1s\", \"backoffMultiplier\": 2, "
      "\"retryableStatusCodes\": [\"UNAVAILABLE\"]}}]}");
  auto stub = payments::Payments::NewStub(
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
  return retrying(
      [&] {
        grpc::ClientContext ctx;
        return stub->GetCharge(&ctx, req, reply);
      },
      3);
}
