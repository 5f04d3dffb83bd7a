// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::RetryGuard
// corpus: real-headers
// corpus: negative retry-missing-backoff retry-missing-budget retry-non-retryable-status
// The second half of the guard: after the current endpoint failed, each
// attempt moves to the next endpoint of the list (failover), for at most
// endpoints x send_retries attempts, sleeping a fixed time before each.
#include <chrono>
#include <cstddef>
#include <functional>
#include <system_error>
#include <thread>
#include <vector>

struct Endpoint {
  const char *host;
  unsigned short port;
};

class ClientImpl {
  std::vector<Endpoint> endpoints_;
  size_t next_ = 0;
  unsigned send_retries_ = 1;
  std::chrono::milliseconds retry_timeout_{5000};
  void ResetConnection(const Endpoint &e); // TCP connect + handshake (other TU)
  void Ping();                             // ping / pong (other TU)

public:
  void PingOtherEndpoints() {
    const size_t connection_attempts_count = endpoints_.size() * send_retries_;
    for (size_t i = 0; i < connection_attempts_count;) {
      std::this_thread::sleep_for(retry_timeout_);
      try {
        ResetConnection(endpoints_[next_++ % endpoints_.size()]);
        Ping();
        return;
      } catch (const std::system_error &) {
        if (++i == connection_attempts_count)
          throw;
      }
    }
  }
};
