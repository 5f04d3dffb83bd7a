// A retry helper taking the operation as `const std::function<...> &`, over
// the real <functional>: the lambda reaches the helper through the
// conversion's temporaries, and the helper's cap is carried to the call
// (the shape of aosedge/aos_core_cpp src/common/utils/retry.cpp Retry).
// RUN: not %retrylint --checks='-*,retry-missing-budget' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-missing-budget' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <chrono>
#include <functional>
#include <thread>

struct Error {
  int code = 0;
  bool IsNone() const { return code == 0; }
};

Error Retry(const std::function<Error()> &fn, int max_try, long delay_ms) {
  Error err;
  for (int attempt = 1;; ++attempt) {
    if (err = fn(); err.IsNone())
      return Error{};
    if (attempt >= max_try && max_try != 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  }
  return err;
}

Error RegisterNode(const char *url); // another file

Error register_forever_bad(const char *url) {
  return Retry([url] { return RegisterNode(url); }, 0, 500);
  // CHECK: :[[@LINE-1]]:53: warning: retry helper 'Retry' has no attempt cap and no deadline
}

Error register_many_bad(const char *url) {
  return Retry([url] { return RegisterNode(url); }, 50, 500);
  // CHECK: :[[@LINE-1]]:53: warning: retry helper 'Retry' makes up to 50 attempts, more than 10
}

Error register_three_ok(const char *url) {
  return Retry([url] { return RegisterNode(url); }, 3, 500);
}
