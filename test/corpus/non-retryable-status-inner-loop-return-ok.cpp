// corpus: origin written
// corpus: negative retry-non-retryable-status
// corpus: negative retry-non-retryable-status
// The status check sits in an inner loop over the replies of a batch; a
// return from the inner loop ends the retry, so 4xx replies are not retried.
#include <chrono>
#include <grpcpp/grpcpp.h>
#include <random>
#include <thread>
#include <vector>

bool refresh_all(payments::Payments::Stub &stub,
                 const std::vector<payments::ChargeRequest> &reqs) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    bool transient = false;
    for (const payments::ChargeRequest &req : reqs) {
      grpc::ClientContext ctx;
      payments::ChargeReply reply;
      grpc::Status s = stub.GetCharge(&ctx, req, &reply);
      if (s.ok())
        continue;
      if (s.error_code() != grpc::UNAVAILABLE)
        return false;
      transient = true;
      break;
    }
    if (!transient)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return false;
}
