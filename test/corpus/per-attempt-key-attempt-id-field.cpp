// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// An agent runtime that re-issues a tool call; each attempt gets an
// attempt_id, and that id is what goes out as the request_id.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct Attempt {
  std::string attempt_id;
  int number;
};

Attempt start_attempt(int n); // issued by the scheduler (another file)

grpc::Status run_tool_charge(payments::Payments::Stub &stub, long amount) {
  grpc::Status st;
  for (int n = 0; n < 3; ++n) {
    Attempt a = start_attempt(n);
    payments::ChargeRequest req;
    req.set_amount(amount);
    req.set_request_id(a.attempt_id);
    payments::ChargeReply out;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &out);
    if (st.ok() || st.error_code() != grpc::UNAVAILABLE)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(200 + (rand() % 200) * (n + 1)));
  }
  return st;
}
