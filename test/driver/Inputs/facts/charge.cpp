#include "payments.h"

grpc::Status charge_with_retry(payments::Payments::Stub &stub,
                               const payments::ChargeRequest &req) {
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {
    s = post_charge(stub, req);
    if (s.ok())
      return s;
  }
  return s;
}
