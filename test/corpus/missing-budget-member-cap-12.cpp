// corpus: origin written
// corpus: expect retry-missing-budget
// The cap is a constant class member of 12 attempts.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

class ChargeReader {
public:
  explicit ChargeReader(payments::Payments::Stub &s) : stub_(s) {}

  grpc::Status read(const payments::ChargeRequest &req, payments::ChargeReply *reply) {
    grpc::Status s;
    int attempt = 0;
    while (attempt < kMaxAttempts) {
      grpc::ClientContext ctx;
      s = stub_.GetCharge(&ctx, req, reply);
      if (s.error_code() != grpc::UNAVAILABLE)
        return s;
      ++attempt;
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << (attempt < 5 ? attempt : 5))(rng_)));
    }
    return s;
  }

private:
  static constexpr int kMaxAttempts = 12;
  payments::Payments::Stub &stub_;
  std::minstd_rand rng_{std::random_device{}()};
};
