// corpus: origin written
// corpus: expect retry-non-retryable-status
// Same shape as a correct classifier, but NOT_FOUND ("replica not caught up
// yet") is mapped to Retry: NOT_FOUND never succeeds on retry by contract.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

namespace {
enum class Next { Stop, Again, GiveUp };

Next next_step(grpc::StatusCode code) {
  if (code == grpc::OK)
    return Next::Stop;
  if (code == grpc::UNAVAILABLE || code == grpc::NOT_FOUND)
    return Next::Again;
  return Next::GiveUp;
}
} // namespace

grpc::Status lookup_charge(payments::Payments::Stub &stub,
                           const payments::ChargeRequest &req,
                           payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status last;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    last = stub.GetCharge(&ctx, req, reply);
    Next n = next_step(last.error_code());
    if (n != Next::Again)
      return last;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return last;
}
