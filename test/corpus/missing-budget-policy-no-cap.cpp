// corpus: origin written
// corpus: expect retry-missing-budget
// A project retry policy with a should-retry decision and a jittered delay;
// the decision looks only at the error, never at the attempt number.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

class TransientOnly {
public:
  bool ShouldRetry(const grpc::Status &s) const {
    return s.error_code() == grpc::UNAVAILABLE;
  }
  std::chrono::milliseconds Backoff(int attempt) {
    long cap = 100L << (attempt < 6 ? attempt : 6);
    return std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng_));
  }

private:
  std::minstd_rand rng_{std::random_device{}()};
};

grpc::Status get_charge(payments::Payments::Stub &stub,
                        const payments::ChargeRequest &req,
                        payments::ChargeReply *reply) {
  TransientOnly policy;
  int attempt = 0;
  for (;;) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || !policy.ShouldRetry(s))
      return s;
    std::this_thread::sleep_for(policy.Backoff(attempt++));
  }
}
