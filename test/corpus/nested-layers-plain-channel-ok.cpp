// corpus: origin written
// corpus: negative retry-nested-layers
// A channel from grpc::CreateChannel with no service config has no retry
// policy; the application helper is the only layer.
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
  auto stub = payments::Payments::NewStub(
      grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  return retrying(
      [&] {
        grpc::ClientContext ctx;
        return stub->GetCharge(&ctx, req, reply);
      },
      3);
}
