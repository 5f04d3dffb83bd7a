// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// An order's business key field (order.key) with the total: the key field
// names the order.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct Order {
  std::string key;
  long total;
};

grpc::Status charge(payments::Payments::Stub &stub, const Order &order) {
  payments::ChargeRequest req;
  req.set_amount(order.total);
  req.set_idempotency_key(order.key + "/" + std::to_string(order.total));
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
