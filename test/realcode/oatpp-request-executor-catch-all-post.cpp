// corpus: origin github:oatpp/oatpp src/oatpp/web/client/RequestExecutor.cpp RequestExecutor::execute
// corpus: real-headers
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: an HTTP method passed as an argument by a same-TU caller (execute("POST", ...)) is not resolved into the retry helper's operation
// corpus: negative retry-non-retryable-status retry-missing-budget retry-missing-backoff
// The executor retries whatever method it is given after catch (...), which
// includes timeouts after the request was sent; a caller in the same TU
// POSTs an order through it with no idempotency key. The cap and the wait
// come from a policy interface with no implementation in this TU (unknown,
// so silent).
#include <chrono>
#include <memory>
#include <string>
#include <thread>

struct Response {
  int getStatusCode() const;
};
struct RetryContext {
  long attempt = 0;
};
class RetryPolicy {
public:
  virtual ~RetryPolicy() = default;
  virtual bool canRetry(const RetryContext &context) = 0;
  virtual bool retryOnResponse(int status, const RetryContext &context) = 0;
  virtual long waitForMicroseconds(const RetryContext &context) = 0;
};

class RequestExecutor {
  std::shared_ptr<RetryPolicy> m_retryPolicy;
  // Writes the request to a pooled connection and reads the reply (other TU).
  std::shared_ptr<Response> executeOnce(const std::string &method,
                                        const std::string &path,
                                        const std::string &body);

public:
  std::shared_ptr<Response> execute(const std::string &method,
                                    const std::string &path,
                                    const std::string &body) {
    RetryContext context;
    while (true) {
      context.attempt++;
      try {
        auto response = executeOnce(method, path, body);
        if (!m_retryPolicy->retryOnResponse(response->getStatusCode(), context) ||
            !m_retryPolicy->canRetry(context))
          return response;
      } catch (...) {
        if (!m_retryPolicy->canRetry(context))
          break;
      }
      std::this_thread::sleep_for(
          std::chrono::microseconds(m_retryPolicy->waitForMicroseconds(context)));
    }
    return nullptr;
  }
};

std::shared_ptr<Response> placeOrder(RequestExecutor &executor,
                                     const std::string &order) {
  return executor.execute("POST", "/orders", order);
}
