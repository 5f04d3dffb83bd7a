// corpus: origin written
// corpus: negative retry-missing-backoff
// The same recursion with a jittered wait before the recursive call.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

grpc::Status fetch_charge(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply, int tries_left,
                          long cap_ms = 100) {
  grpc::ClientContext ctx;
  grpc::Status s = stub.GetCharge(&ctx, req, reply);
  if (s.error_code() == grpc::UNAVAILABLE && tries_left > 1) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap_ms)(rng)));
    return fetch_charge(stub, req, reply, tries_left - 1, cap_ms * 2);
  }
  return s;
}

grpc::Status fetch_charge(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply) {
  return fetch_charge(stub, req, reply, 3);
}
