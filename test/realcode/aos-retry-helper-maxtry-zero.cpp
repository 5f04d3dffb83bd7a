// corpus: origin github:aosedge/aos_core_cpp src/common/utils/retry.cpp Retry
// corpus: real-headers
// corpus: expect retry-missing-budget
// corpus: expect retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The same helper called with maxTry 0, which its body reads as "retry
// forever": the call site has no cap and no deadline.
#include <chrono>
#include <functional>
#include <thread>

namespace aos {
struct Error {
  int code = 0;
  bool IsNone() const { return code == 0; }
};
using Duration = std::chrono::nanoseconds;

Error Retry(const std::function<Error()> &retryFunc, int maxTry, Duration delay,
            Duration maxDelay) {
  Error err;
  int attempt = 1;
  for (;;) {
    if (err = retryFunc(); err.IsNone())
      return Error{};
    if (attempt >= maxTry && maxTry != 0)
      break;
    std::this_thread::sleep_for(delay);
    delay *= 2;
    if (maxDelay.count() && delay > maxDelay)
      delay = maxDelay;
    attempt++;
  }
  return err;
}

Error RegisterNode(const char *url); // HTTP call in another TU

Error Provision(const char *url) {
  return Retry([url]() { return RegisterNode(url); }, 0,
               std::chrono::milliseconds(500), std::chrono::seconds(10));
}
} // namespace aos
