// corpus: origin written
// corpus: negative retry-missing-backoff
// The wait lives in a same-TU helper: capped exponential with full jitter.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

namespace {
std::minstd_rand &rng() {
  static std::minstd_rand r(std::random_device{}());
  return r;
}

void pause_before_retry(int attempt) {
  long cap = 100L << attempt;
  if (cap > 3000)
    cap = 3000;
  std::uniform_int_distribution<long> pick(0, cap);
  std::this_thread::sleep_for(std::chrono::milliseconds(pick(rng())));
}
} // namespace

grpc::Status get_charge(payments::Payments::Stub &stub,
                        const payments::ChargeRequest &req,
                        payments::ChargeReply *reply) {
  grpc::Status s;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || s.error_code() != grpc::UNAVAILABLE)
      return s;
    pause_before_retry(attempt);
  }
  return s;
}
