// corpus: origin written
// corpus: negative retry-missing-budget
// A cap computed from named constants: 2 rounds x 5 replicas = 10 attempts,
// at the limit.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

namespace {
constexpr int kRounds = 2;
constexpr int kReplicas = 5;
constexpr int kMaxAttempts = kRounds * kReplicas;
} // namespace

grpc::Status read(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                  payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 50L << (attempt < 6 ? attempt : 6))(rng)));
  }
  return s;
}
