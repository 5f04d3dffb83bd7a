// Bad option values are configuration errors, not crashes, in both
// frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-nested-layers' \
// RUN:   --config="{CheckOptions: {retry-nested-layers.MaxAmplification: 'many', retry-nested-layers.RetryingCalls: 'ok::Call=2;bad::Call=zero;other=0;(unbalanced'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DRIVER --match-full-lines
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-nested-layers' \
// RUN:   --config="{CheckOptions: {retry-nested-layers.MaxAmplification: 'many', retry-nested-layers.RetryingCalls: 'ok::Call=2;bad::Call=zero;other=0;(unbalanced'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK-DAG: retry-nested-layers: option 'MaxAmplification': 'many' is not a non-negative integer [clang-tidy-config]
// CHECK-DAG: retry-nested-layers: option 'RetryingCalls': 'bad::Call=zero' is not 'name' or 'name=attempts' (attempts at least 1) [clang-tidy-config]
// CHECK-DAG: retry-nested-layers: option 'RetryingCalls': 'other=0' is not 'name' or 'name=attempts' (attempts at least 1) [clang-tidy-config]
// CHECK-DAG: retry-nested-layers: option 'RetryingCalls': invalid regular expression '(unbalanced': parentheses not balanced [clang-tidy-config]
// The driver reports it (the first, if several) as its one error line and
// exits 2 before analyzing anything
// (docs/integrations.md#errors-and-exit-status); the plugin lists them all,
// as clang-tidy does.
// DRIVER: retrylint: error: --config: retry-nested-layers: option 'MaxAmplification': 'many' is not a non-negative integer
// DRIVER-NOT: {{.}}
// RUN: not %retrylint --checks='-*,retry-nested-layers' \
// RUN:   --config="{CheckOptions: {retry-nested-layers.MaxAmplification: 0}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: retrylint: error: --config: retry-nested-layers: option 'MaxAmplification' must be at least 1
int main() { return 0; }
