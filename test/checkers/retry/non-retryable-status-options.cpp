// RUN: %check_retrylint %s retry-non-retryable-status %t -- \
// RUN:   --config="{CheckOptions: {retry-non-retryable-status.RetryableStatuses: '409;420-424;NOT_FOUND'}}" \
// RUN:   -- -I %S/Inputs/Headers
// RUN: not %retrylint --checks='-*,retry-non-retryable-status' \
// RUN:   --config="{CheckOptions: {retry-non-retryable-status.RetryableStatuses: '409;teapot'}}" \
// RUN:   %s -- -std=c++17 -nostdinc++ -I %S/Inputs/Headers 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: retrylint: error: --config: retry-non-retryable-status: option 'RetryableStatuses': 'teapot' is neither an HTTP status, a range like 500-599, nor a gRPC code name

#include <httplib.h>

bool declared_retryable_conflicts_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/orders/1");
    if (!res || res->status == 409 || res->status == 422 || res->status == 400)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 400, which will not succeed on retry
      continue;
    return res->status == 200;
  }
  return false;
}
