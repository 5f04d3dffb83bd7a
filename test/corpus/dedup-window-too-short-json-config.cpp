// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The payments API's key retention is in a JSON configuration literal
// (90 s); the retry loop configured next to it keeps re-sending the same
// key for minutes.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <string>
#include <thread>

static const char *kDefaults = R"({
  "payments_api": {"idempotency_key_retention_seconds": 90},
  "client": {"max_attempts": 5, "max_backoff_ms": 60000, "timeout_ms": 5000}
})";

void configure_client(const std::string &json); // applies timeouts to the channel

grpc::Status charge_order(payments::Payments::Stub &stub, const std::string &order_id,
                          long amount) {
  configure_client(kDefaults);
  payments::ChargeRequest req;
  req.set_order_id(order_id);
  req.set_amount(amount);
  req.set_idempotency_key("order:" + order_id);
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 5; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    long cap = 15000L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<long>(
        (cap < 60000 ? cap : 60000) / 2, cap < 60000 ? cap : 60000)(rng)));
  }
  return s;
}
