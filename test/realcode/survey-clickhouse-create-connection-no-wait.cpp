// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::CreateConnection
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status
// Reconnecting: each round tries the endpoints once (ResetConnectionEndpoint,
// defined in another file), and a failed round starts the next one at once,
// send_retries times, with no wait between rounds.
#include <cstddef>
#include <system_error>

class Client {
public:
  void CreateConnection();

private:
  void ResetConnectionEndpoint(); // throws std::system_error
  std::size_t send_retries_ = 1;
};

void Client::CreateConnection() {
  const std::size_t max_attempts = send_retries_ ? send_retries_ : 1;
  for (std::size_t i = 0; i < max_attempts;) {
    try {
      ResetConnectionEndpoint();
      return;
    } catch (const std::system_error &) {
      if (++i >= max_attempts)
        throw;
    }
  }
}
