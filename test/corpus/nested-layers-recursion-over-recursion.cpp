// corpus: origin written
// corpus: expect retry-nested-layers
// A recursive retry around a function that retries by recursion too.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static grpc::Status get_charge(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                               payments::ChargeReply *reply, int left) {
  grpc::ClientContext ctx;
  grpc::Status s = stub.GetCharge(&ctx, req, reply);
  if (s.error_code() == grpc::UNAVAILABLE && left > 1) {
    nap(100);
    return get_charge(stub, req, reply, left - 1);
  }
  return s;
}

grpc::Status charge_for_receipt(payments::Payments::Stub &stub,
                                const payments::ChargeRequest &req,
                                payments::ChargeReply *reply, int rounds) {
  grpc::Status s = get_charge(stub, req, reply, 3);
  if (s.error_code() == grpc::UNAVAILABLE && rounds > 1) {
    nap(1000);
    return charge_for_receipt(stub, req, reply, rounds - 1);
  }
  return s;
}

grpc::Status receipt(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                     payments::ChargeReply *reply) {
  return charge_for_receipt(stub, req, reply, 3);
}
