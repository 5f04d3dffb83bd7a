// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-budget
// A template retry helper takes the retryable predicate from the caller;
// the caller passes UNAVAILABLE/RESOURCE_EXHAUSTED only.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

template <class Fn, class Pred>
grpc::Status retry_call(Fn fn, Pred retryable, int max_attempts) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s = fn();
  for (int i = 1; i < max_attempts && !s.ok() && retryable(s.error_code()); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << i)(rng)));
    s = fn();
  }
  return s;
}

grpc::Status charge_details(payments::Payments::Stub &stub,
                            const payments::ChargeRequest &req,
                            payments::ChargeReply *reply) {
  return retry_call(
      [&] {
        grpc::ClientContext ctx;
        return stub.GetCharge(&ctx, req, reply);
      },
      [](grpc::StatusCode c) {
        return c == grpc::UNAVAILABLE || c == grpc::RESOURCE_EXHAUSTED;
      },
      4);
}
