// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// gRPC client whose request_id (a key sink) is a steady-clock reading taken
// in the retried call.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <string>
#include <thread>

namespace {
std::string tick_id() {
  auto t = std::chrono::steady_clock::now().time_since_epoch().count();
  return "req-" + std::to_string(t);
}
} // namespace

bool book_charge(payments::Payments::Stub *stub, long amount) {
  int tries = 0;
  while (true) {
    payments::ChargeRequest req;
    req.set_amount(amount);
    req.set_request_id(tick_id());
    payments::ChargeReply reply;
    grpc::ClientContext ctx;
    grpc::Status s = stub->CreateCharge(&ctx, req, &reply);
    if (s.ok())
      return true;
    if (++tries == 4 || s.error_code() != grpc::UNAVAILABLE)
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((50 << tries) + rand() % 50));
  }
}
