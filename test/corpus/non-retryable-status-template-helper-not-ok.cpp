// corpus: origin written
// corpus: expect retry-non-retryable-status
// A template retry helper that goes back whenever the callable's status is
// not ok; the call site passes a gRPC read, so every code is retried.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

template <class Fn> grpc::Status call_with_retries(Fn fn, int max_attempts = 3) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int i = 0; i < max_attempts; ++i) {
    s = fn();
    if (s.ok())
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << i)(rng)));
  }
  return s;
}

grpc::Status fetch_charge(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply) {
  return call_with_retries([&] {
    grpc::ClientContext ctx;
    return stub.GetCharge(&ctx, req, reply);
  });
}
