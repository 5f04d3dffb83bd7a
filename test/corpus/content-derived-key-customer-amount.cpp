// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// Customer id + amount + currency: a customer who buys the same thing twice
// is charged once.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct Purchase {
  std::string customer_id;
  long amount_cents;
  std::string currency;
};

grpc::Status charge(payments::Payments::Stub &stub, const Purchase &p) {
  payments::ChargeRequest req;
  req.set_amount(p.amount_cents);
  req.set_idempotency_key(p.customer_id + ":" + std::to_string(p.amount_cents) +
                          ":" + p.currency);
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
