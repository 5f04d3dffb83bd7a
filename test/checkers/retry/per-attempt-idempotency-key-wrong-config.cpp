// An invalid regex in an option is a configuration error, not a crash, in
// both frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-per-attempt-idempotency-key.RetryHelpers: 'retry('}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-per-attempt-idempotency-key.RetryHelpers: 'retry('}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK: retry-per-attempt-idempotency-key: option 'RetryHelpers': invalid regular expression 'retry(': parentheses not balanced [clang-tidy-config]
int main() { return 0; }
