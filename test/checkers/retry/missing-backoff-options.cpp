// RUN: %check_retrylint %s retry-missing-backoff %t -- \
// RUN:   --config="{CheckOptions: {retry-missing-backoff.RequireJitter: false, retry-missing-backoff.RequireRetryAfter: false}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <httplib.h>
#include <unistd.h>

bool still_needs_a_wait_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (cli.Get("/orders/1"))
      return true;
  }
  return false;
}

bool constant_wait_allowed_ok(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (res && res->status != 429 && res->status < 500)
      return true;
    sleep(1);
  }
  return false;
}
