// corpus: origin written
// corpus: negative retry-missing-budget
// for (;;) bounded by a deadline taken from the caller's budget.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

grpc::Status wait_for_charge(payments::Payments::Stub &stub,
                             const payments::ChargeRequest &req,
                             payments::ChargeReply *reply,
                             std::chrono::steady_clock::time_point deadline) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0;; ++attempt) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || s.error_code() != grpc::UNAVAILABLE)
      return s;
    if (std::chrono::steady_clock::now() >= deadline)
      return s;
    const int shift = attempt < 5 ? attempt : 5;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << shift)(rng)));
  }
}
