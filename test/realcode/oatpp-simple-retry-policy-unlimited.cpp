// corpus: origin github:oatpp/oatpp src/oatpp/web/client/RetryPolicy.cpp SimpleRetryPolicy
// corpus: real-headers
// corpus: fixme-fn retry-missing-budget FIXME: a retry-policy class (canRetry/waitForMicroseconds) is not read: maxAttempts -1 as unlimited is not seen
// corpus: expect retry-missing-backoff
// corpus: negative retry-non-retryable-status retry-unkeyed-side-effect
// A retry-policy class: canRetry() treats maxAttempts -1 as unlimited and
// the client is built with -1; waitForMicroseconds() is a constant; 503 is
// retried without reading Retry-After. Only GETs go through it.
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <unordered_set>

struct Response {
  int getStatusCode() const;
};
struct RetryContext {
  long attempt = 0;
};

class SimpleRetryPolicy {
  long m_maxAttempts;
  long m_delay;
  std::unordered_set<int> m_httpCodes;

public:
  SimpleRetryPolicy(long maxAttempts, std::chrono::microseconds delay,
                    std::unordered_set<int> httpCodes)
      : m_maxAttempts(maxAttempts), m_delay(delay.count()),
        m_httpCodes(std::move(httpCodes)) {}
  bool canRetry(const RetryContext &context) {
    return context.attempt <= m_maxAttempts || m_maxAttempts == -1;
  }
  bool retryOnResponse(int status, const RetryContext &) {
    return m_httpCodes.find(status) != m_httpCodes.end();
  }
  long waitForMicroseconds(const RetryContext &) { return m_delay; }
};

class StatusClient {
  SimpleRetryPolicy m_retryPolicy{-1, std::chrono::seconds(1), {503}};
  std::shared_ptr<Response> executeOnce(const std::string &method,
                                        const std::string &path); // other TU

public:
  std::shared_ptr<Response> getStatus() {
    RetryContext context;
    while (true) {
      context.attempt++;
      try {
        auto response = executeOnce("GET", "/status");
        if (!m_retryPolicy.retryOnResponse(response->getStatusCode(), context) ||
            !m_retryPolicy.canRetry(context))
          return response;
      } catch (const std::exception &) {
        if (!m_retryPolicy.canRetry(context))
          break;
      }
      std::this_thread::sleep_for(
          std::chrono::microseconds(m_retryPolicy.waitForMicroseconds(context)));
    }
    return nullptr;
  }
};
