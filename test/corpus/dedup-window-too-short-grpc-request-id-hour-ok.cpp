// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// The ledger de-duplicates on request_id for an hour; the client's retry
// spans at most 5 x 20 s.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <string>
#include <thread>

namespace ledger {
constexpr auto kRequestIdDedupWindow = std::chrono::hours(1);
}

grpc::Status post_charge(payments::Payments::Stub &stub, const std::string &payment_id,
                         long amount) {
  payments::ChargeRequest req;
  req.set_amount(amount);
  req.set_order_id(payment_id);
  req.set_request_id("payment-" + payment_id);
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 5; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::DEADLINE_EXCEEDED)
      return s;
    long cap = 2000L << attempt;
    long hi = cap < 20000 ? cap : 20000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return s;
}
