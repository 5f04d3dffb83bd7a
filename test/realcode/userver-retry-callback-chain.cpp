// corpus: origin github:userver-framework/userver core/src/clients/http/request_state.cpp RequestState::on_retry_timer
// corpus: real-headers
// corpus: fixme-fn retry-missing-backoff FIXME: a retry made of completion callbacks (perform -> on_retry -> timer -> perform) is not a retry site (no loop, no direct recursion)
// corpus: negative retry-non-retryable-status retry-missing-budget
// The retry is a chain of completion callbacks: perform -> on_retry -> timer
// -> on_retry_timer -> perform. Statuses >= 500 are retried, 503 included,
// without reading Retry-After; the wait is jittered and attempts capped.
#include <functional>
#include <memory>
#include <random>

struct RetryTimer {
  void SingleshotAsync(long delay_ms, std::function<void()> cb); // event loop
};

class RequestState : public std::enable_shared_from_this<RequestState> {
  int current_ = 1;
  int retries_ = 3;
  RetryTimer timer_;
  std::minstd_rand rng_{std::random_device{}()};
  long status_code_ = 0;

  // Starts the transfer on the event loop; calls cb with the transport result.
  void perform_request(std::function<void(int err)> cb);
  void on_completed(int err);

  bool ShouldRetryResponse() const { return status_code_ >= 500; }

public:
  static void on_retry(std::shared_ptr<RequestState> holder, int err) {
    const bool not_need_retry = (!err && !holder->ShouldRetryResponse()) ||
                                holder->current_ >= holder->retries_;
    if (not_need_retry) {
      holder->on_completed(err);
      return;
    }
    const int power = holder->current_ - 1 < 5 ? holder->current_ - 1 : 5;
    std::uniform_int_distribution<int> slots(0, (1 << power) - 1);
    const long backoff = 25L * (slots(holder->rng_) + 1);
    ++holder->current_;
    auto &ref = *holder;
    ref.timer_.SingleshotAsync(backoff, [holder = std::move(holder)]() { holder->on_retry_timer(); });
  }

  void on_retry_timer() {
    perform_request([holder = shared_from_this()](int err) mutable {
      RequestState::on_retry(std::move(holder), err);
    });
  }
};
