// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A stream serializes the whole order, id first, and hashes it.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <sstream>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

struct Order {
  std::string id;
  long cents;
  std::string customer_email;
};

static std::string order_fingerprint(const Order &o) {
  std::ostringstream s;
  s << o.id << ';' << o.cents << ';' << o.customer_email;
  return sha256_hex(s.str());
}

grpc::Status charge(payments::Payments::Stub &stub, const Order &o) {
  payments::ChargeRequest req;
  req.set_order_id(o.id);
  req.set_amount(o.cents);
  req.set_idempotency_key(order_fingerprint(o));
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
