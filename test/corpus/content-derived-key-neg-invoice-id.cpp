// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// gRPC: the key is the invoice id plus the amount being paid.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct Invoice {
  std::string invoice_id;
  long due_cents;
};

grpc::Status settle(payments::Payments::Stub &stub, const Invoice &inv) {
  payments::ChargeRequest req;
  req.set_amount(inv.due_cents);
  req.set_idempotency_key("inv-" + inv.invoice_id + "-" +
                          std::to_string(inv.due_cents));
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
