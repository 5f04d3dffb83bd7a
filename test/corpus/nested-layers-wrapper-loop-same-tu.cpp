// corpus: origin written
// corpus: expect retry-nested-layers
// The handler retries a wrapper that already retries: 3 x 3 calls to the
// ledger for one failing request.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void jitter_sleep(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
}

static grpc::Status read_charge(payments::Payments::Stub &stub,
                                const payments::ChargeRequest &req,
                                payments::ChargeReply *reply) {
  grpc::Status s;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    jitter_sleep(attempt);
  }
  return s;
}

bool handle_receipt_request(payments::Payments::Stub &stub,
                            const payments::ChargeRequest &req) {
  payments::ChargeReply reply;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::Status s = read_charge(stub, req, &reply);
    if (s.ok())
      return true;
    if (s.error_code() != grpc::UNAVAILABLE)
      return false;
    jitter_sleep(attempt);
  }
  return false;
}
