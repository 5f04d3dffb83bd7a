// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// gRPC client: the key is the order id plus the attempt number, so every
// attempt of the same order carries a different key.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status charge(payments::Payments::Stub &stub, const std::string &order_id,
                    long cents) {
  grpc::Status status;
  for (int attempt = 1; attempt <= 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    payments::ChargeReply reply;
    req.set_order_id(order_id);
    req.set_amount(cents);
    req.set_idempotency_key(order_id + "-" + std::to_string(attempt));
    status = stub.CreateCharge(&ctx, req, &reply);
    if (status.ok())
      return status;
    if (status.error_code() != grpc::UNAVAILABLE &&
        status.error_code() != grpc::DEADLINE_EXCEEDED)
      return status;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(100 * attempt + rand() % 100));
  }
  return status;
}
