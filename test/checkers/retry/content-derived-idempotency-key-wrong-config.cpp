// A name that is not an identifier is a configuration error in both
// frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-content-derived-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-content-derived-idempotency-key.IntentIdNames: 'order-ref'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-content-derived-idempotency-key' \
// RUN:   --config="{CheckOptions: {retry-content-derived-idempotency-key.IntentIdNames: 'order-ref'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK: retry-content-derived-idempotency-key: option 'IntentIdNames': 'order-ref' is not an identifier [clang-tidy-config]
int main() { return 0; }
