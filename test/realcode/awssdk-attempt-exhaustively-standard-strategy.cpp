// corpus: origin github:aws/aws-sdk-cpp src/aws-cpp-sdk-core/source/client/AWSClient.cpp AWSClient::AttemptExhaustively
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-non-retryable-status
// The SDK's request loop is driven by its strategy: ShouldRetry() asks the
// error whether it is retryable and caps the attempts, and the delay is a
// random fraction of an exponential step, capped at 20 s (StandardRetryStrategy).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

struct AWSError {
  bool ShouldRetry() const; // transient / throttling errors only
};
struct HttpResponseOutcome {
  bool IsSuccess() const;
  const AWSError &GetError() const;
};

class StandardRetryStrategy {
  long m_maxAttempts;

public:
  explicit StandardRetryStrategy(long maxAttempts = 3) : m_maxAttempts(maxAttempts) {}
  bool ShouldRetry(const AWSError &error, long attemptedRetries) const {
    if (!error.ShouldRetry())
      return false;
    return attemptedRetries + 1 < m_maxAttempts;
  }
  long CalculateDelayBeforeNextRetry(const AWSError &, long attemptedRetries) const {
    return std::min(static_cast<int>(std::rand() % 1000) *
                        (1 << std::min(attemptedRetries, 15L)),
                    20000);
  }
};

class AWSClient {
  StandardRetryStrategy m_retryStrategy{3};
  HttpResponseOutcome AttemptOneRequest(const char *uri); // signs and sends (other TU)

public:
  HttpResponseOutcome AttemptExhaustively(const char *uri) {
    HttpResponseOutcome outcome = AttemptOneRequest(uri);
    for (long retries = 0;; retries++) {
      if (outcome.IsSuccess() || !m_retryStrategy.ShouldRetry(outcome.GetError(), retries))
        break;
      long sleepMillis = m_retryStrategy.CalculateDelayBeforeNextRetry(outcome.GetError(), retries);
      std::this_thread::sleep_for(std::chrono::milliseconds(sleepMillis));
      outcome = AttemptOneRequest(uri);
    }
    return outcome;
  }
};
