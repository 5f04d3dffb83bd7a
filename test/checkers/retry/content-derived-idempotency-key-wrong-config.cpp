// A name that is not an identifier is a configuration error in both
// frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-content-derived-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-content-derived-idempotency-key.IntentIdNames: 'order-ref'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DRIVER --match-full-lines
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-content-derived-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-content-derived-idempotency-key.IntentIdNames: 'order-ref'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK: retry-content-derived-idempotency-key: option 'IntentIdNames': 'order-ref' is not an identifier [clang-tidy-config]
// The driver reports it (the first, if several) as its one error line and
// exits 2 before analyzing anything
// (docs/integrations.md#errors-and-exit-status); the plugin lists them all,
// as clang-tidy does.
// DRIVER: retrylint: error: --config: retry-content-derived-idempotency-key: option 'IntentIdNames': 'order-ref' is not an identifier
// DRIVER-NOT: {{.}}
int main() { return 0; }
