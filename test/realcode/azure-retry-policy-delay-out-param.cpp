// corpus: origin github:Azure/azure-sdk-for-cpp sdk/core/azure-core/src/http/retry_policy.cpp RetryPolicyBase::Send
// corpus: real-headers
// corpus: negative retry-missing-backoff
// The wait's duration is an out-parameter that the same file's retry
// decision fills with an exponential delay times a random jitter factor:
// the loop's own code shows only `std::chrono::milliseconds retryAfter{}`,
// which is no evidence of a constant wait.
#include <chrono>
#include <cstdlib>
#include <thread>

struct Response {
  int status;
};
struct Request {
  void StartTry();
};
Response *transport(Request &req); // the next policy in the pipeline

struct TransportError {};

class RetryPolicy {
public:
  Response *Send(Request &request) const;

protected:
  virtual bool
  ShouldRetryOnResponse(const Response &r, int attempt,
                        std::chrono::milliseconds &retry_after) const;
  virtual bool
  ShouldRetryOnTransportFailure(int attempt,
                                std::chrono::milliseconds &retry_after) const;
};

namespace {
std::chrono::milliseconds exponential_delay(int attempt) {
  double jitter = 0.8 + (static_cast<double>(std::rand()) / RAND_MAX) * 0.5;
  auto base = std::chrono::milliseconds(800) * (1 << (attempt - 1));
  return std::chrono::milliseconds(
      static_cast<long>(static_cast<double>(base.count()) * jitter));
}
} // namespace

Response *RetryPolicy::Send(Request &request) const {
  for (int attempt = 1;; ++attempt) {
    std::chrono::milliseconds retry_after{};
    request.StartTry();
    try {
      Response *response = transport(request);
      if (!ShouldRetryOnResponse(*response, attempt, retry_after))
        return response;
    } catch (const TransportError &) {
      if (!ShouldRetryOnTransportFailure(attempt, retry_after))
        throw;
    }
    if (retry_after.count() > 0)
      std::this_thread::sleep_for(retry_after);
  }
}

bool RetryPolicy::ShouldRetryOnTransportFailure(
    int attempt, std::chrono::milliseconds &retry_after) const {
  if (attempt > 3)
    return false;
  retry_after = exponential_delay(attempt);
  return true;
}

bool RetryPolicy::ShouldRetryOnResponse(
    const Response &r, int attempt,
    std::chrono::milliseconds &retry_after) const {
  if (attempt > 3)
    return false;
  if (r.status != 503 && r.status != 500)
    return false;
  retry_after = exponential_delay(attempt);
  return true;
}
