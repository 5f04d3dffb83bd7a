// corpus: origin github:aosedge/aos_core_cpp src/common/utils/retry.cpp Retry
// corpus: expect retry-missing-budget
// corpus: expect retry-missing-backoff
// Reduced anew: a retry helper over a std::function whose cap test is
// skipped when max_try is 0 ("retry forever"), with a doubling delay capped
// at max_delay and no randomness. The caller passes 0.
#include <chrono>
#include <string>
#include <thread>

namespace std {
template <class> class function;
template <class R, class... A> class function<R(A...)> {
public:
  template <class F> function(F f) {}
  R operator()(A... a) const;
};
} // namespace std

struct Error {
  int code = 0;
  bool IsNone() const { return code == 0; }
};

Error Retry(const std::function<Error()> &retry_func, int max_try, long delay_ms,
            long max_delay_ms) {
  Error err;
  int attempt = 1;
  for (;;) {
    err = retry_func();
    if (err.IsNone())
      return Error{};
    if (attempt >= max_try && max_try != 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    delay_ms *= 2;
    if (max_delay_ms && delay_ms > max_delay_ms)
      delay_ms = max_delay_ms;
    attempt++;
  }
  return err;
}

extern "C" int update_manager_install(const char *image_id); // remote: the update service

Error InstallImage(const std::string &image_id) {
  return Retry([&]() { return Error{update_manager_install(image_id.c_str())}; }, 0, 1000,
               60000);
}
