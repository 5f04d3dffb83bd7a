// corpus: origin written
// corpus: expect retry-non-retryable-status
// An explicit list of codes that go back; FAILED_PRECONDITION and ABORTED
// are both in it, and FAILED_PRECONDITION will not change on retry.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>

grpc::Status refresh_charge(payments::Payments::Stub &stub,
                            const payments::ChargeRequest &req,
                            payments::ChargeReply *reply) {
  std::minstd_rand rng(std::random_device{}());
  grpc::Status s;
  int attempt = 0;
  do {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    const grpc::StatusCode code = s.error_code();
    if (code != grpc::UNAVAILABLE && code != grpc::ABORTED &&
        code != grpc::FAILED_PRECONDITION)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 80L << attempt)(rng)));
  } while (++attempt < 4);
  return s;
}
