// corpus: origin written
// corpus: expect retry-missing-backoff
// Exponential backoff without randomness: 100, 200, 400 ms for everyone.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <thread>

grpc::Status get_charge(payments::Payments::Stub &stub,
                        const payments::ChargeRequest &req,
                        payments::ChargeReply *reply) {
  grpc::Status s;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::RESOURCE_EXHAUSTED)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100L << attempt));
  }
  return s;
}
