// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- \
// RUN:   --config="{CheckOptions: {retry-dedup-window-too-short.MinimumWindow: '1h', \
// RUN:     retry-dedup-window-too-short.StoreNames: 'charge_tokens'}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <chrono>

constexpr auto kIdempotencyTtl = std::chrono::minutes(10);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 10 min ('kIdempotencyTtl'), shorter than the 1 h minimum window (MinimumWindow)

constexpr auto kChargeTokensTtl = std::chrono::minutes(30);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 30 min ('kChargeTokensTtl'), shorter than the 1 h minimum window

constexpr auto kDedupWindow = std::chrono::hours(2);
