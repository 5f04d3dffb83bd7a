// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A ledger posting keyed by its transaction id (request_id sink).
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct Txn {
  std::string transaction_id;
  long cents;
};

grpc::Status post_txn(payments::Payments::Stub &stub, const Txn &t) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    payments::ChargeRequest req;
    req.set_amount(t.cents);
    req.set_request_id(t.transaction_id);
    payments::ChargeReply out;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &out);
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
