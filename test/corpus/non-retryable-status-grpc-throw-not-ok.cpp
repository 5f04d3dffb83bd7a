// corpus: origin written
// corpus: expect retry-non-retryable-status
// A same-TU wrapper throws on any non-OK status; the loop catches that
// exception and goes back, so PERMISSION_DENIED, NOT_FOUND ... are retried.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

struct RpcFailure {
  grpc::StatusCode code;
};

static void get_or_throw(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                         payments::ChargeReply *reply) {
  grpc::ClientContext ctx;
  grpc::Status s = stub.GetCharge(&ctx, req, reply);
  if (!s.ok())
    throw RpcFailure{s.error_code()};
}

bool load_charge(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                 payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    try {
      get_or_throw(stub, req, reply);
      return true;
    } catch (const RpcFailure &) {
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
    }
  }
  return false;
}
