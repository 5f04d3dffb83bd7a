// corpus: origin written
// corpus: expect retry-missing-backoff
// A recursive retry that calls itself straight after the failure.
#include <grpcpp/grpcpp.h>

grpc::Status fetch_charge(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply, int tries_left) {
  grpc::ClientContext ctx;
  grpc::Status s = stub.GetCharge(&ctx, req, reply);
  if (s.error_code() == grpc::UNAVAILABLE && tries_left > 1)
    return fetch_charge(stub, req, reply, tries_left - 1);
  return s;
}

grpc::Status fetch_charge(payments::Payments::Stub &stub,
                          const payments::ChargeRequest &req,
                          payments::ChargeReply *reply) {
  return fetch_charge(stub, req, reply, 3);
}
