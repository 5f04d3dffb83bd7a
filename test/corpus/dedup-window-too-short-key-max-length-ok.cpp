// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// kIdempotencyKeyMaxLength and kIdempotencyKeyPrefix are about the key's
// shape, not its lifetime.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <string>
#include <thread>

constexpr unsigned long kIdempotencyKeyMaxLength = 255;
constexpr const char *kIdempotencyKeyPrefix = "order:";

grpc::Status charge(payments::Payments::Stub &stub, const std::string &order_id, long amount) {
  std::string key = kIdempotencyKeyPrefix + order_id;
  if (key.size() > kIdempotencyKeyMaxLength)
    return grpc::Status(grpc::INVALID_ARGUMENT, "order id too long");
  payments::ChargeRequest req;
  req.set_order_id(order_id);
  req.set_amount(amount);
  req.set_idempotency_key(key);
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 5; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    long cap = 15000L << attempt;
    long hi = cap < 60000 ? cap : 60000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, hi)(rng)));
  }
  return s;
}
