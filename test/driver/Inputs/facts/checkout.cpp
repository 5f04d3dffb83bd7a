#include "payments.h"

bool checkout(payments::Payments::Stub &stub,
              const payments::ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (charge_with_retry(stub, req).ok())
      return true;
  }
  return false;
}

bool checkout_once_per_try(payments::Payments::Stub &stub,
                           const payments::ChargeRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (post_once(stub, req).ok())
      return true;
  }
  return false;
}
