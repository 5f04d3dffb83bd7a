#include "payments.h"

grpc::Status post_charge(payments::Payments::Stub &stub,
                         const payments::ChargeRequest &req) {
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.ok() || s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return s;
  }
  return s;
}

grpc::Status post_once(payments::Payments::Stub &stub,
                       const payments::ChargeRequest &req) {
  grpc::ClientContext ctx;
  payments::ChargeReply reply;
  return stub.CreateCharge(&ctx, req, &reply);
}
