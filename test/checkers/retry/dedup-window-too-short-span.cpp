// The worst-case span of a retry site in the same file: attempts x constant
// wait. A record that expires sooner is forgotten between two attempts.
// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers

#include <chrono>
#include <httplib.h>
#include <string>
#include <thread>

constexpr auto kIdempotencyTtl = std::chrono::milliseconds(100);
// CHECK-NOTES: :[[@LINE-1]]:16: warning: idempotency records expire after 100 ms ('kIdempotencyTtl'), but a retry site in this file keeps re-sending for at least 1.05 s: a retry after expiry finds no record and executes again [retry-dedup-window-too-short]
// CHECK-NOTES: :[[@LINE+3]]:3: note: retry loop makes 4 attempts with 350 ms between them

bool charge(httplib::Client &cli, const std::string &key) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(350));
  }
  return false;
}

// Longer than the span but shorter than the 24 h minimum.
constexpr auto kDedupWindow = std::chrono::seconds(10);
// CHECK-NOTES: :[[@LINE-1]]:16: warning: idempotency records expire after 10 s ('kDedupWindow'), shorter than the 24 h minimum window (MinimumWindow)

// FIXME: exponential or jittered waits and per-attempt timeouts are not
// added to the span; only constant waits count.
bool charge_growing_FN(httplib::Client &cli, const std::string &key) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1000 * attempt));
  }
  return false;
}
