// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// GetCharge is a read: retrying it on UNAVAILABLE needs no key.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status load_charge(payments::Payments::Stub &stub,
                         const std::string &order_id,
                         payments::ChargeReply *out) {
  payments::ChargeRequest q;
  q.set_order_id(order_id);
  grpc::Status st;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    st = stub.GetCharge(&ctx, q, out);
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
