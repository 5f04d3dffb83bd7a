// corpus: origin written
// corpus: expect retry-missing-budget
// A constant cap, but 20 attempts: one failing call becomes 20 requests.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

bool charge_visible(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  std::minstd_rand rng(std::random_device{}());
  for (int i = 0; i < 20; ++i) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    grpc::Status s = stub.GetCharge(&ctx, req, &reply);
    if (s.ok())
      return true;
    if (s.error_code() != grpc::UNAVAILABLE && s.error_code() != grpc::DEADLINE_EXCEEDED)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 50L << (i < 6 ? i : 6))(rng)));
  }
  return false;
}
