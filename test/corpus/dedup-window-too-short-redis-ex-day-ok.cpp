// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// The same handler with the claim kept for a day (EX 86400).
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

namespace {
bool claim(redisContext *redis, const std::string &key) {
  auto *r = static_cast<redisReply *>(
      redisCommand(redis, "SET idem:%s pending NX EX 86400", key.c_str()));
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
  for (int attempt = 0; attempt < 5; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::DEADLINE_EXCEEDED)
      return s;
    long cap = 5000L << attempt;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, cap < 30000 ? cap : 30000)(rng)));
  }
  return s;
}
