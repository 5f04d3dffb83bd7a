// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The handler claims the request's key in Redis for 60 s and then forwards
// the charge with up to 5 attempts of (30 s backoff cap + 10 s timeout):
// a client retry that arrives after 60 s while the first is still retrying
// finds no claim and charges again.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

namespace {
constexpr int kForwardAttempts = 5;
constexpr long kForwardBackoffCapMs = 30000;
constexpr long kForwardTimeoutMs = 10000;

bool claim(redisContext *redis, const std::string &key) {
  auto *r = static_cast<redisReply *>(
      redisCommand(redis, "SET idem:%s pending NX EX 60", key.c_str()));
  bool won = r && r->str != nullptr;
  if (r)
    freeReplyObject(r);
  return won;
}
} // namespace

grpc::Status handle_charge(redisContext *redis, payments::Payments::Stub &stub,
                           const std::string &idempotency_key, long amount,
                           const std::string &order_id) {
  if (!claim(redis, idempotency_key))
    return grpc::Status(grpc::ALREADY_EXISTS, "duplicate");
  payments::ChargeRequest req;
  req.set_amount(amount);
  req.set_order_id(order_id);
  req.set_idempotency_key(idempotency_key);
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < kForwardAttempts; ++attempt) {
    grpc::ClientContext ctx; // the channel applies kForwardTimeoutMs per call
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::DEADLINE_EXCEEDED)
      return s;
    long cap = 5000L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, cap < kForwardBackoffCapMs ? cap : kForwardBackoffCapMs)(rng)));
  }
  (void)kForwardTimeoutMs;
  return s;
}
