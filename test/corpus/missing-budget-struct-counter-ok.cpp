// corpus: origin written
// corpus: negative retry-missing-budget
// corpus: negative retry-missing-budget
// The counter and its limit live in a per-call context struct.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

struct CallState {
  int attempts = 0;
  int max_attempts = 3;
  long backoff_ms = 100;
};

grpc::Status read_with_state(payments::Payments::Stub &stub,
                             const payments::ChargeRequest &req,
                             payments::ChargeReply *reply, CallState &st) {
  std::minstd_rand rng(std::random_device{}());
  while (true) {
    grpc::ClientContext ctx;
    grpc::Status s = stub.GetCharge(&ctx, req, reply);
    ++st.attempts;
    if (s.ok() || s.error_code() != grpc::UNAVAILABLE || st.attempts >= st.max_attempts)
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, st.backoff_ms)(rng)));
    st.backoff_ms *= 2;
  }
}
