// corpus: origin written
// corpus: expect retry-non-retryable-status
// A blanket if (!s.ok()) continue: every gRPC error code goes round again.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

bool charge_settled(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (attempt > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    grpc::Status s = stub.GetCharge(&ctx, req, &reply);
    if (!s.ok())
      continue;
    return true;
  }
  return false;
}
