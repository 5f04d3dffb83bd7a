// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::CreateConnection
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status retry-unkeyed-side-effect
// The outer connect loop re-runs the whole endpoint scan up to send_retries
// times, right after the previous scan failed: a bounded retry of the same
// operation with no wait between attempts.
#include <cstddef>
#include <system_error>

class ClientImpl {
  size_t send_retries_ = 3;
  void ResetConnectionEndpoint(); // tries every endpoint once (other TU)

public:
  void CreateConnection() {
    const size_t max_attempts = send_retries_ ? send_retries_ : 1;
    for (size_t i = 0; i < max_attempts;) {
      try {
        ResetConnectionEndpoint();
        return;
      } catch (const std::system_error &) {
        if (++i >= max_attempts)
          throw;
      }
    }
  }
};
