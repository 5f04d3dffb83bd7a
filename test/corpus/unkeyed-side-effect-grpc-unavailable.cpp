// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// gRPC CreateCharge retried on UNAVAILABLE and DEADLINE_EXCEEDED without an
// idempotency key (only a trace id).
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

grpc::Status charge(payments::Payments::Stub &stub, long cents,
                    const std::string &trace) {
  grpc::Status st;
  for (int attempt = 0; attempt < 3; ++attempt) {
    payments::ChargeRequest req;
    req.set_amount(cents);
    req.set_trace_id(trace);
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.ok())
      break;
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return st;
}
