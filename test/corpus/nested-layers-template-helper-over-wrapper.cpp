// corpus: origin written
// corpus: expect retry-nested-layers
// A template retry helper whose callable calls a wrapper that retries the
// gRPC read itself.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

template <class Fn> grpc::Status with_retries(Fn fn, int attempts) {
  grpc::Status s;
  for (int i = 0; i < attempts; ++i) {
    s = fn();
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    nap(500L << i);
  }
  return s;
}

static grpc::Status read_charge(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                                payments::ChargeReply *reply) {
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    nap(100L << i);
  }
  return s;
}

grpc::Status receipt(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                     payments::ChargeReply *reply) {
  return with_retries([&] { return read_charge(stub, req, reply); }, 3);
}
