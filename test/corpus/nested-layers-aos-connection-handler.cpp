// corpus: origin github:aosedge/aos_core_cpp src/cm/communication/communication.cpp HandleConnection
// corpus: expect retry-missing-budget
// corpus: expect retry-nested-layers
// corpus: expect retry-missing-backoff
// Reduced anew: while the component runs, the connection thread calls a
// 5-try retry helper around the connect and, when that gives up, goes
// straight back to it: an endless outer layer over the helper's 5 attempts,
// whose delays double without randomness.
#include <atomic>
#include <chrono>
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

static Error Retry(const std::function<Error()> &retry_func, int max_try, long delay_ms,
                   long max_delay_ms) {
  Error err;
  for (int attempt = 1;; ++attempt) {
    err = retry_func();
    if (err.IsNone())
      return Error{};
    if (attempt >= max_try && max_try != 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    delay_ms *= 2;
    if (max_delay_ms && delay_ms > max_delay_ms)
      delay_ms = max_delay_ms;
  }
  return err;
}

extern "C" int ws_connect(const char *url);     // remote: the cloud's web socket
extern "C" int ws_receive_frames(int socket);   // returns when the socket closes
extern "C" void ws_disconnect(int socket);

class Communication {
public:
  void HandleConnection() {
    static constexpr int kReconnectTries = 5;
    static constexpr long kMaxReconnectTimeoutMs = 10 * 60 * 1000;
    while (running_.load()) {
      if (Error err = Retry([this]() { return ConnectToCloud(); }, kReconnectTries,
                            reconnect_timeout_ms_, kMaxReconnectTimeoutMs);
          !err.IsNone())
        continue;
      ws_receive_frames(socket_);
      ws_disconnect(socket_);
    }
  }

private:
  Error ConnectToCloud() {
    socket_ = ws_connect(url_);
    return Error{socket_ < 0 ? -1 : 0};
  }

  std::atomic<bool> running_;
  const char *url_ = "wss://cloud.example/ws";
  long reconnect_timeout_ms_ = 1000;
  int socket_ = -1;
};
