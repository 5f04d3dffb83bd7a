// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// The attempt number goes into the trace id; the idempotency key is the
// order id on every attempt.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status charge(payments::Payments::Stub &stub, const std::string &order_id,
                    long amount) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    payments::ChargeRequest req;
    req.set_order_id(order_id);
    req.set_amount(amount);
    req.set_idempotency_key(order_id);
    req.set_trace_id(order_id + "/" + std::to_string(attempt) + "/" +
                     std::to_string(time(nullptr)));
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return st;
}
