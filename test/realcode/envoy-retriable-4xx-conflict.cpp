// corpus: origin github:envoyproxy/envoy source/common/router/retry_state_impl.cc RetryStateImpl::wouldRetryFromHeaders
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: fixme-fn retry-non-retryable-status FIXME: the loop is a retry site and the predicate's gate on its flag member (retry_on_, set only by its default member initializer) is read, but the decision also tests the member counter (`|| retries_remaining_ == 0`), which is not set aside as the cap test, so the retried outcomes stay unknown (at most 409, 500-999)
// corpus: negative retry-missing-budget
// retry_on "5xx,retriable-4xx": every 5xx and 409 Conflict are retried,
// with a jittered exponential backoff and a retry budget; 409 will not
// change on retry, and 503 is retried without reading Retry-After.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

constexpr uint32_t RETRY_ON_5XX = 0x1;
constexpr uint32_t RETRY_ON_RETRIABLE_4XX = 0x2;

struct UpstreamResponse {
  uint64_t status;
};
UpstreamResponse forwardUpstream(const char *request); // proxies one attempt (other TU)

class RetryState {
  uint32_t retry_on_ = RETRY_ON_5XX | RETRY_ON_RETRIABLE_4XX;
  uint32_t retries_remaining_ = 2;
  std::chrono::milliseconds base_{25}, max_{250};
  std::minstd_rand rng_{std::random_device{}()};

  bool wouldRetryFromHeaders(uint64_t status) const {
    if ((retry_on_ & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on_ & RETRY_ON_RETRIABLE_4XX) && status == 409)
      return true;
    return false;
  }
  std::chrono::milliseconds nextBackOff(uint32_t attempt) {
    const auto ceiling = std::min(base_ * (1 << std::min(attempt, 10u)), max_);
    std::uniform_int_distribution<long> jitter(0, ceiling.count());
    return std::chrono::milliseconds(jitter(rng_));
  }

public:
  UpstreamResponse route(const char *request) {
    for (uint32_t attempt = 1;; ++attempt) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetryFromHeaders(r.status) || retries_remaining_ == 0)
        return r;
      --retries_remaining_;
      std::this_thread::sleep_for(nextBackOff(attempt));
    }
  }
};
