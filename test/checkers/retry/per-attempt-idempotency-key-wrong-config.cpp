// An invalid regex in an option is a configuration error, not a crash, in
// both frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-per-attempt-idempotency-key.RetryHelpers: 'retry('}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DRIVER --match-full-lines
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-per-attempt-idempotency-key.RetryHelpers: 'retry('}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK: retry-per-attempt-idempotency-key: option 'RetryHelpers': invalid regular expression 'retry(': parentheses not balanced [clang-tidy-config]
// The driver reports it (the first, if several) as its one error line and
// exits 2 before analyzing anything
// (docs/integrations.md#errors-and-exit-status); the plugin lists them all,
// as clang-tidy does.
// DRIVER: retrylint: error: --config: retry-per-attempt-idempotency-key: option 'RetryHelpers': invalid regular expression 'retry(': parentheses not balanced
// DRIVER-NOT: {{.}}
int main() { return 0; }
