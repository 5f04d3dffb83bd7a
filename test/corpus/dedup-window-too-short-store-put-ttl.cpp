// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The idempotency store is given a 30 s ttl for each key; the handler's own
// downstream retry lasts up to 4 x (20 s + 5 s).
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <string>
#include <thread>

class IdempotencyStore { // backed by the shared cache cluster
public:
  bool put_if_absent(const std::string &key, const std::string &value,
                     std::chrono::seconds ttl);
};

grpc::Status create_charge(IdempotencyStore &idem, payments::Payments::Stub &stub,
                           const std::string &idempotency_key, const std::string &order_id) {
  if (!idem.put_if_absent(idempotency_key, "in-progress", /*ttl=*/std::chrono::seconds(30)))
    return grpc::Status(grpc::ALREADY_EXISTS, "duplicate request");
  payments::ChargeRequest req;
  req.set_order_id(order_id);
  req.set_idempotency_key(idempotency_key);
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    long hi = 20000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return s;
}
