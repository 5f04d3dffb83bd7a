// corpus: origin written
// corpus: negative retry-non-retryable-status
// A deny list before a blanket !ok: every non-retryable gRPC code returns
// first, so what reaches the loop-back is retryable.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

static bool permanent(grpc::StatusCode c) {
  return c == grpc::INVALID_ARGUMENT || c == grpc::NOT_FOUND ||
         c == grpc::ALREADY_EXISTS || c == grpc::PERMISSION_DENIED ||
         c == grpc::UNAUTHENTICATED || c == grpc::FAILED_PRECONDITION ||
         c == grpc::OUT_OF_RANGE || c == grpc::UNIMPLEMENTED;
}

grpc::Status fetch(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                   payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.ok() || permanent(s.error_code()))
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(10, 60L << attempt)(rng)));
  }
  return s;
}
