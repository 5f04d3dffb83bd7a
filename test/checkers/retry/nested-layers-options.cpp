// RUN: %check_retrylint %s retry-nested-layers %t -- \
// RUN:   --config="{CheckOptions: {retry-nested-layers.MaxAmplification: 9, retry-nested-layers.RetryingCalls: 'billing::Client::Charge=4;billing::Client::Refund'}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <httplib.h>

namespace billing {
// A team's client library that retries internally (listed in RetryingCalls).
struct Result {
  bool ok() const;
};
class Client {
public:
  Result Charge(long cents);
  Result Refund(long cents);
  Result Lookup(long id);
};
} // namespace billing

bool post_with_retry(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i) {
    auto res = cli.Post("/charges", "{}", "application/json");
    if (res && res->status == 200)
      return true;
  }
  return false;
}

// 3 x 3 = 9 is within MaxAmplification: 9.
void nine_requests_ok(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i)
    if (post_with_retry(cli))
      return;
}

void ten_requests_bad(billing::Client &billing) {
  int i = 0;
  for (i = 0; i < 3; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'Charge' which retries (4 attempts, retrying library call): up to 12 requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE+1]]:9: note: retrying library call: 4 attempts per call of 'Charge'
    if (billing.Charge(100).ok())
      return;
  }
}

// Listed without a count: the library decides, so unbounded.
void unbounded_library_bad(billing::Client &billing) {
  for (int i = 0; i < 2; ++i) {
    // CHECK-NOTES: :[[@LINE-1]]:3: warning: retry loop (2 attempts) calls 'Refund' which retries (unbounded, retrying library call): unbounded requests per call [retry-nested-layers]
    // CHECK-NOTES: :[[@LINE+1]]:9: note: retrying library call: unbounded per call of 'Refund'
    if (billing.Refund(100).ok())
      return;
  }
}

// Not listed: a plain call.
void unlisted_call_ok(billing::Client &billing) {
  for (int i = 0; i < 3; ++i)
    if (billing.Lookup(1).ok())
      return;
}
