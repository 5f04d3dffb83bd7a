// corpus: origin github:aosedge/aos_core_cpp src/common/utils/retry.cpp Retry
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-unkeyed-side-effect
// A retry helper taking the operation as a std::function: the delay doubles
// up to a ceiling but never gets jitter. The call site caps it at 3 tries.
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

class Communication {
public:
  Error ConnectToCloud(); // opens the cloud web socket (other TU)
  Error Start() {
    return Retry([this]() { return ConnectToCloud(); }, 3,
                 std::chrono::seconds(1), std::chrono::seconds(30));
  }
};
} // namespace aos
