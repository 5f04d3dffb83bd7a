// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// The authoritative look-up lives in a same-file helper called before every
// re-send.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

static bool charge_exists(payments::Payments::Stub &stub,
                          const std::string &order_id) {
  payments::ChargeRequest q;
  q.set_order_id(order_id);
  payments::ChargeReply r;
  grpc::ClientContext ctx;
  return stub.GetCharge(&ctx, q, &r).ok();
}

grpc::Status charge(payments::Payments::Stub &stub, const std::string &order_id,
                    long cents) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0 && charge_exists(stub, order_id))
      return grpc::Status();
    payments::ChargeRequest req;
    req.set_order_id(order_id);
    req.set_amount(cents);
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      return st;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
