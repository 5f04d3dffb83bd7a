// corpus: origin written
// corpus: expect retry-missing-budget
// do/while that repeats while the server is UNAVAILABLE, with nothing else
// to stop it.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

grpc::Status fetch(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                   payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  long cap = 50;
  do {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() == grpc::UNAVAILABLE) {
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
      cap = cap < 5000 ? cap * 2 : cap;
    }
  } while (s.error_code() == grpc::UNAVAILABLE);
  return s;
}
