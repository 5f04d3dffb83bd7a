// corpus: origin written
// corpus: expect retry-missing-backoff
// A named lambda retried in a loop with nothing between attempts.
#include <grpcpp/grpcpp.h>

bool charge_known(payments::Payments::Stub &stub, const payments::ChargeRequest &req) {
  auto once = [&](payments::ChargeReply *reply) {
    grpc::ClientContext ctx;
    return stub.GetCharge(&ctx, req, reply);
  };
  payments::ChargeReply reply;
  grpc::Status s;
  int n = 0;
  do {
    s = once(&reply);
  } while (s.error_code() == grpc::UNAVAILABLE && ++n < 3);
  return s.ok();
}
