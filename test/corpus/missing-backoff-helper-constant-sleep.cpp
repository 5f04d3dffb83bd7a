// corpus: origin written
// corpus: expect retry-missing-backoff
// The wait lives in a same-TU helper and is constant: the finding belongs
// where the delay is computed.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <thread>

namespace {
void pause_before_retry() { std::this_thread::sleep_for(std::chrono::seconds(1)); }
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
    pause_before_retry();
  }
  return s;
}
