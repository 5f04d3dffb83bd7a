// The check over the real <chrono> (duration<Rep, ratio>) and <sqlite3.h>.
// RUN: not %retrylint --checks='-*,retry-dedup-window-too-short' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-dedup-window-too-short' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <chrono>
#include <sqlite3.h>
#include <string>

using namespace std::chrono_literals;

constexpr std::chrono::minutes kIdempotencyKeyTtl{10};
// CHECK: :[[@LINE-1]]:32: warning: idempotency records expire after 10 min ('kIdempotencyKeyTtl'), shorter than the 24 h minimum window (MinimumWindow)
constexpr auto kReplayWindow = 90s;
// CHECK: :[[@LINE-1]]:16: warning: idempotency records expire after 90 s ('kReplayWindow')
constexpr auto kDedupRetention = std::chrono::duration<double, std::ratio<3600>>(1.5);
// CHECK: :[[@LINE-1]]:16: warning: idempotency records expire after 90 min ('kDedupRetention')
constexpr auto kIdempotencyTtlLong = std::chrono::hours(48);

void purge(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM idempotency_keys WHERE created_at < datetime('now', '-2 hours')", nullptr, nullptr, nullptr);
  // CHECK: :[[@LINE-1]]:20: warning: idempotency records expire after 2 h (the purge of 'idempotency_keys')
  sqlite3_exec(db, "DELETE FROM idempotency_keys WHERE created_at < datetime('now', '-7 days')", nullptr, nullptr, nullptr);
}
