// corpus: origin github:userver-framework/userver core/src/clients/http/request_state.cpp RequestState::on_retry
// corpus: fixme-fn retry-missing-backoff FIXME: an asynchronous retry through callbacks (on_retry schedules a timer whose callback performs the request again, and the completion calls on_retry) is not a retry site, so its status set (>= 500, 503 included) and missing Retry-After are not seen
// Reduced anew: an asynchronous retry. on_retry decides from the libcurl
// response code (any status >= 500 is retried, 503 included), schedules a
// timer with a jittered exponential backoff and performs the request again,
// whose completion calls on_retry. Retry-After is never read.
#include <chrono>
#include <curl/curl.h>
#include <memory>
#include <random>

namespace std {
template <class> class function;
template <class R, class... A> class function<R(A...)> {
public:
  template <class F> function(F f) {}
  R operator()(A... a) const;
};
} // namespace std

// The event loop's timer and the multi-handle driver (declared only).
void timer_singleshot_async(std::chrono::milliseconds delay, std::function<void(int)> cb);
void multi_perform_async(CURL *easy, std::function<void(int)> done);

class RequestState {
public:
  RequestState(CURL *easy, int retries) : easy_(easy), retries_(retries) {}

  static void on_retry(std::shared_ptr<RequestState> holder, int err) {
    const bool not_need_retry = (!err && !holder->ShouldRetryResponse()) ||
                                holder->current_ >= holder->retries_;
    if (not_need_retry) {
      holder->on_completed(err);
      return;
    }
    const int eb_power = holder->current_ - 1 < 5 ? holder->current_ - 1 : 5;
    std::minstd_rand rng(std::random_device{}());
    const long backoff_ms =
        25 * (std::uniform_int_distribution<long>(0, (1L << eb_power) - 1)(rng) + 1);
    ++holder->current_;
    timer_singleshot_async(std::chrono::milliseconds(backoff_ms),
                           [holder](int timer_err) { holder->on_retry_timer(holder, timer_err); });
  }

private:
  void on_retry_timer(std::shared_ptr<RequestState> self, int err) {
    if (err) {
      on_completed(err);
      return;
    }
    multi_perform_async(easy_, [self](int e) { RequestState::on_retry(self, e); });
  }

  bool ShouldRetryResponse() {
    long code = 0;
    curl_easy_getinfo(easy_, CURLINFO_RESPONSE_CODE, &code);
    return code >= 500;
  }

  void on_completed(int err);

  CURL *easy_;
  int retries_;
  int current_ = 1;
};
