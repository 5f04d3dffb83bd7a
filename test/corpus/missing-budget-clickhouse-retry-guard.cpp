// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::RetryGuard
// corpus: fixme-fn retry-missing-budget FIXME: a catch-and-retry (for (;;) around a std::function) whose only cap test applies when the reconnect in the handler also failed (!ok && i == send_retries) is taken as capped; while reconnects succeed it never ends
// corpus: expect retry-missing-backoff
// Reduced anew: the guard re-runs the query after a socket error, sleeping a
// fixed retry timeout and reconnecting; it gives up only when a reconnect
// fails on the last counted attempt. While reconnects succeed and the query
// keeps failing, the loop never ends, and every wait is the same.
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

struct SystemError {
  int code;
};

struct ClientOptions {
  unsigned send_retries = 1;
  std::chrono::milliseconds retry_timeout{5000};
};

extern "C" int ch_socket_connect(const char *host, int port); // throws nothing, -1 on error
extern "C" int ch_send_ping(int fd);

class Client {
public:
  explicit Client(const ClientOptions &o) : options_(o) {}

  void Ping() {
    RetryGuard([this]() {
      if (ch_send_ping(fd_) != 0)
        throw SystemError{104};
    });
  }

private:
  void ResetConnection() {
    fd_ = ch_socket_connect("clickhouse.internal", 9000);
    if (fd_ < 0)
      throw SystemError{111};
  }

  void RetryGuard(std::function<void()> func) {
    for (unsigned i = 0;; ++i) {
      try {
        func();
        return;
      } catch (const SystemError &) {
        bool ok = true;
        try {
          std::this_thread::sleep_for(options_.retry_timeout);
          ResetConnection();
        } catch (...) {
          ok = false;
        }
        if (!ok && i == options_.send_retries)
          break;
      }
    }
  }

  ClientOptions options_;
  int fd_ = -1;
};
