// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// A digest of the cart id with its items: the cart id makes it one intent.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

struct Cart {
  std::string id;
  std::string items;
  long total;
};

grpc::Status checkout(payments::Payments::Stub &stub, const Cart &cart) {
  payments::ChargeRequest req;
  req.set_amount(cart.total);
  req.set_idempotency_key(sha256_hex(cart.id + "|" + cart.items));
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
