// RUN: %check_retrylint %s retry-missing-budget %t -- \
// RUN:   --config="{CheckOptions: {retry-missing-budget.MaxAttempts: 3, retry-missing-budget.RequireDeadline: true}}" \
// RUN:   -- -I %S/Inputs/Headers

#include <chrono>
#include <httplib.h>

bool four_attempts_bad(httplib::Client &cli) {
  for (int i = 0; i < 4; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: retry loop makes up to 4 attempts, more than 3
    if (cli.Get("/orders/1"))
      return true;
  }
  return false;
}

bool no_deadline_bad(httplib::Client &cli) {
  for (int i = 0; i < 3; ++i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no deadline: its attempts can outlast the caller's time budget
    if (cli.Get("/orders/1"))
      return true;
  }
  return false;
}

bool deadline_ok(httplib::Client &cli, std::chrono::steady_clock::time_point deadline) {
  for (int i = 0; i < 3 && std::chrono::steady_clock::now() < deadline; ++i)
    if (cli.Get("/orders/1"))
      return true;
  return false;
}
