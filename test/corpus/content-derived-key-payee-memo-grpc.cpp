// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// A bill-pay client keys the payment by payee and memo text.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct BillPay {
  std::string payee;
  std::string memo;
  long cents;
};

class BillPayer {
  payments::Payments::Stub *stub_;

public:
  explicit BillPayer(payments::Payments::Stub *s) : stub_(s) {}

  grpc::Status pay(const BillPay &b) {
    payments::ChargeRequest req;
    req.set_amount(b.cents);
    const std::string key = b.payee + "#" + b.memo;
    req.set_idempotency_key(key);
    grpc::Status st;
    for (int i = 0; i < 3; ++i) {
      payments::ChargeReply out;
      grpc::ClientContext ctx;
      st = stub_->CreateCharge(&ctx, req, &out);
      if (st.ok() || st.error_code() != grpc::UNAVAILABLE)
        return st;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((150 << i) + rand() % 150));
    }
    return st;
  }
};
