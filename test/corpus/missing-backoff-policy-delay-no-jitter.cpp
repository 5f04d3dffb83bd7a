// corpus: origin written
// corpus: expect retry-missing-backoff
// A retry-policy class whose delay doubles without randomness.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <thread>

class ExponentialPolicy {
public:
  bool ShouldRetry(const grpc::Status &s, int attempt) const {
    return attempt < 4 && s.error_code() == grpc::UNAVAILABLE;
  }
  std::chrono::milliseconds Delay(int attempt) const {
    long d = 200L << attempt;
    return std::chrono::milliseconds(d > 4000 ? 4000 : d);
  }
};

grpc::Status charge_info(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                         payments::ChargeReply *reply) {
  ExponentialPolicy policy;
  for (int attempt = 1;; ++attempt) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || !policy.ShouldRetry(s, attempt))
      return s;
    std::this_thread::sleep_for(policy.Delay(attempt));
  }
}
