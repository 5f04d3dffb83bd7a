// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// gRPC: per-attempt x-request-id metadata is tracing; the charge itself is
// unkeyed and re-sent on UNAVAILABLE.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status charge(payments::Payments::Stub &stub, long cents) {
  boost::uuids::random_generator gen;
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("x-request-id", boost::uuids::to_string(gen()));
    payments::ChargeRequest req;
    req.set_amount(cents);
    payments::ChargeReply reply;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE)
      return st;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
