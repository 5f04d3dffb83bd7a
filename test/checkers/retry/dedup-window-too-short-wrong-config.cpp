// A MinimumWindow that is not a duration is a configuration error in both
// frontends; the driver exits 2.
// RUN: not %retrylint --checks='-*,retry-dedup-window-too-short' \
// RUN:   --config="{CheckOptions: {retry-dedup-window-too-short.MinimumWindow: 'a day'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DRIVER --match-full-lines
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-dedup-window-too-short' \
// RUN:   --config="{CheckOptions: {retry-dedup-window-too-short.MinimumWindow: 'a day'}}" \
// RUN:   %s -- -std=c++17 2>&1 | FileCheck %s

// CHECK: retry-dedup-window-too-short: option 'MinimumWindow': 'a day' is not a duration (a number and a unit: ms, s, min, h, d, w) [clang-tidy-config]
// The driver reports it (the first, if several) as its one error line and
// exits 2 before analyzing anything
// (docs/integrations.md#errors-and-exit-status); the plugin lists them all,
// as clang-tidy does.
// DRIVER: retrylint: error: --config: retry-dedup-window-too-short: option 'MinimumWindow': 'a day' is not a duration (a number and a unit: ms, s, min, h, d, w)
// DRIVER-NOT: {{.}}
int main() { return 0; }
