// corpus: origin written
// corpus: negative retry-non-retryable-status
// An inline switch over the code: UNAVAILABLE and RESOURCE_EXHAUSTED wait
// and go round again; every other code returns.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

grpc::Status balance(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                     payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    switch (s.error_code()) {
    case grpc::UNAVAILABLE:
    case grpc::RESOURCE_EXHAUSTED:
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
      continue;
    default:
      return s;
    }
  }
  return s;
}
