// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// An agent loop: when a tool call fails, the planner is asked again and
// issues a new tool call; its tool_call_id goes out as the request id.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

struct ToolCall {
  std::string tool_call_id;
  long amount;
};

ToolCall plan_refund_call(const std::string &ticket); // the LLM planner

grpc::Status refund_via_agent(payments::Payments::Stub &stub,
                              const std::string &ticket) {
  grpc::Status st;
  for (int round = 0; round < 3; ++round) {
    ToolCall call = plan_refund_call(ticket);
    payments::ChargeRequest req;
    req.set_amount(-call.amount);
    req.set_request_id(call.tool_call_id);
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    st = stub.CreateCharge(&ctx, req, &reply);
    if (st.error_code() != grpc::UNAVAILABLE &&
        st.error_code() != grpc::DEADLINE_EXCEEDED)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((500 << round) + rand() % 500));
  }
  return st;
}
