// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::ResetConnectionEndpoint
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-non-retryable-status
// Failover: each attempt connects to the next endpoint of the list, and the
// loop gives up after every endpoint was tried once. No wait is needed.
#include <cstddef>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

struct Endpoint {
  std::string host;
  unsigned short port;
};

class ClientImpl {
  std::vector<Endpoint> endpoints_;
  size_t next_ = 0;
  std::optional<Endpoint> current_endpoint_;
  void ResetConnection(const Endpoint &e); // TCP connect + handshake (other TU)

public:
  void ResetConnectionEndpoint() {
    current_endpoint_.reset();
    for (size_t i = 0; i < endpoints_.size();) {
      try {
        current_endpoint_ = endpoints_[next_++ % endpoints_.size()];
        ResetConnection(*current_endpoint_);
        return;
      } catch (const std::system_error &) {
        if (++i == endpoints_.size()) {
          current_endpoint_.reset();
          throw;
        }
      }
    }
  }
};
