// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::RetryGuard
// corpus: real-headers
// corpus: fixme-fn retry-missing-budget FIXME: a retry helper taking the operation as a std::function/template callable is not analysed: its cap and waits are not carried to the call site; a counter compared only under a second failure condition (!ok && i == n) is not a cap
// corpus: expect retry-missing-backoff
// corpus: negative retry-non-retryable-status retry-unkeyed-side-effect
// The attempt counter only ends the loop when the reconnect ALSO failed on
// exactly the last round: while reconnects succeed, a failing ping is
// retried forever, always after the same fixed sleep.
#include <chrono>
#include <functional>
#include <system_error>

struct SocketFactory {
  virtual void sleepFor(std::chrono::milliseconds d) = 0;
};

class ClientImpl {
  SocketFactory *socket_factory_;
  unsigned send_retries_ = 1;
  std::chrono::milliseconds retry_timeout_{5000};
  void ResetConnection(); // reconnects the socket (other TU)
  void Ping();            // sends a ping packet, reads the pong (other TU)

public:
  void RetryGuard(std::function<void()> func) {
    for (unsigned int i = 0;; ++i) {
      try {
        func();
        return;
      } catch (const std::system_error &) {
        bool ok = true;
        try {
          socket_factory_->sleepFor(retry_timeout_);
          ResetConnection();
        } catch (...) {
          ok = false;
        }
        if (!ok && i == send_retries_)
          break;
      }
    }
  }
  void PingServer() { RetryGuard([this]() { Ping(); }); }
};
