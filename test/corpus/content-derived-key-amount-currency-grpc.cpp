// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// gRPC: the request_id is amount and currency, nothing else.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status top_up(payments::Payments::Stub &stub, long amount,
                    const std::string &currency) {
  payments::ChargeRequest req;
  req.set_amount(amount);
  req.set_request_id(std::to_string(amount) + currency);
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
