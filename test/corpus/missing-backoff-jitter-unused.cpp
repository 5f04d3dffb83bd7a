// corpus: origin written
// corpus: expect retry-missing-backoff
// A jitter value is computed but the sleep uses the bare step.
#include <chrono>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <thread>

grpc::Status charge_info(payments::Payments::Stub &stub, const payments::ChargeRequest &req,
                         payments::ChargeReply *reply) {
  grpc::Status s;
  long step = 100;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grpc::ClientContext ctx;
    s = stub.GetCharge(&ctx, req, reply);
    if (s.error_code() != grpc::UNAVAILABLE)
      return s;
    long jitter = rand() % step;
    (void)jitter;
    std::this_thread::sleep_for(std::chrono::milliseconds(step));
    step *= 2;
  }
  return s;
}
