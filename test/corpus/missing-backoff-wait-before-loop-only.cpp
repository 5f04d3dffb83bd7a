// corpus: origin written
// corpus: expect retry-missing-backoff
// A jittered wait before the first attempt (to spread start-up load), but
// nothing between the attempts themselves.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

grpc::Status warm_up(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                     payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, 1000)(rng)));
  grpc::Status s;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      break;
  }
  return s;
}
