// corpus: origin written
// corpus: negative retry-nested-layers
// The stub is handed in from elsewhere with no visible channel
// configuration: assumed not to retry, so the loop is one layer.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

class ReceiptService {
public:
  explicit ReceiptService(payments::Payments::Stub *stub) : stub_(stub) {}

  bool fetch(const payments::ChargeRequest &req, payments::ChargeReply *reply) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      grpc::Status s = stub_->GetCharge(&ctx, req, reply);
      if (s.ok())
        return true;
      if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::DEADLINE_EXCEEDED)
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << attempt)(rng_)));
    }
    return false;
  }

private:
  payments::Payments::Stub *stub_;
  std::minstd_rand rng_{std::random_device{}()};
};
