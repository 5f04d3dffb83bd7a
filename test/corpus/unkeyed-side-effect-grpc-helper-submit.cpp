// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A retry helper (named for what it does, not "retry") runs a lambda that
// calls SubmitOrder on a gRPC stub; UNAVAILABLE loops back.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace orders {
struct SubmitOrderRequest {
  void set_sku(const std::string &);
  void set_quantity(int);
};
struct SubmitOrderReply {};
class OrderService {
public:
  class Stub {
  public:
    grpc::Status SubmitOrder(grpc::ClientContext *, const SubmitOrderRequest &,
                             SubmitOrderReply *);
  };
};
} // namespace orders

template <class Call> grpc::Status persistently(Call call) {
  grpc::Status st;
  for (int i = 0; i < 3; ++i) {
    st = call();
    if (st.error_code() != grpc::UNAVAILABLE)
      return st;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return st;
}

grpc::Status order_widget(orders::OrderService::Stub &stub, int qty) {
  return persistently([&] {
    orders::SubmitOrderRequest req;
    req.set_sku("widget-7");
    req.set_quantity(qty);
    orders::SubmitOrderReply reply;
    grpc::ClientContext ctx;
    return stub.SubmitOrder(&ctx, req, &reply);
  });
}
