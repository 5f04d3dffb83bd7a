// corpus: origin written
// corpus: expect retry-non-retryable-status
// A project retry policy: ShouldRetry says yes to every gRPC error while
// attempts remain; Delay is capped exponential with full jitter.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

class LedgerRetryPolicy {
public:
  bool ShouldRetry(const grpc::Status &status, int attempt) const {
    return !status.ok() && attempt < max_attempts_;
  }
  std::chrono::milliseconds Delay(int attempt) {
    long cap = base_ms_ << attempt;
    if (cap > 5000)
      cap = 5000;
    return std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng_));
  }

private:
  int max_attempts_ = 4;
  long base_ms_ = 100;
  std::minstd_rand rng_{std::random_device{}()};
};

grpc::Status ledger_entry(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply) {
  LedgerRetryPolicy policy;
  for (int attempt = 1;; ++attempt) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (!policy.ShouldRetry(s, attempt))
      return s;
    std::this_thread::sleep_for(policy.Delay(attempt));
  }
}
