// RUN: %check_retrylint %s retry-non-retryable-status %t -- -- -I %S/Inputs/Headers
//
// A retry predicate gated on a configuration flag member: the flag's value
// is known when nothing in the translation unit can change it (a private
// member of a class defined in this file, set only by its default member
// initializer); otherwise the gate is unknown and the check stays silent.

#include <chrono>
#include <thread>

struct UpstreamResponse {
  unsigned long status;
};
UpstreamResponse forwardUpstream(const char *request); // one attempt (other TU)

enum : unsigned { RETRY_ON_5XX = 1, RETRY_ON_RETRIABLE_4XX = 2 };

// In the style of envoy source/common/router/retry_state_impl.cc,
// RetryStateImpl::wouldRetryFromHeaders: 5xx and the "retriable" 409 are
// retried.
class FixedFlagsBad {
  unsigned retry_on_ = RETRY_ON_5XX | RETRY_ON_RETRIABLE_4XX;

  bool wouldRetry(unsigned long status) const {
    if ((retry_on_ & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on_ & RETRY_ON_RETRIABLE_4XX) && status == 409)
      // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: retry path is taken for HTTP 409, which will not succeed on retry: each attempt repeats the same failure [retry-non-retryable-status]
      return true;
    return false;
  }

public:
  UpstreamResponse route(const char *request) {
    unsigned retries_remaining = 2;
    for (;;) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetry(r.status) || retries_remaining == 0)
        return r;
      --retries_remaining;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
};

// The 409 gate is off: only 5xx are retried.
class FixedFlagsOk {
  unsigned retry_on_ = RETRY_ON_5XX;

  bool wouldRetry(unsigned long status) const {
    if ((retry_on_ & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on_ & RETRY_ON_RETRIABLE_4XX) && status == 409)
      return true;
    return false;
  }

public:
  UpstreamResponse route(const char *request) {
    unsigned retries_remaining = 2;
    for (;;) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetry(r.status) || retries_remaining == 0)
        return r;
      --retries_remaining;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
};

// A setter may turn the 409 gate off: its value is unknown.
class ConfiguredFlagsOk {
  unsigned retry_on_ = RETRY_ON_5XX | RETRY_ON_RETRIABLE_4XX;

  bool wouldRetry(unsigned long status) const {
    if ((retry_on_ & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on_ & RETRY_ON_RETRIABLE_4XX) && status == 409)
      return true;
    return false;
  }

public:
  void setRetryOn(unsigned flags) { retry_on_ = flags; }
  UpstreamResponse route(const char *request) {
    unsigned retries_remaining = 2;
    for (;;) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetry(r.status) || retries_remaining == 0)
        return r;
      --retries_remaining;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
};

// A constructor sets it from its argument: unknown too.
class ConstructedFlagsOk {
  unsigned retry_on_ = RETRY_ON_5XX | RETRY_ON_RETRIABLE_4XX;

  bool wouldRetry(unsigned long status) const {
    if ((retry_on_ & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on_ & RETRY_ON_RETRIABLE_4XX) && status == 409)
      return true;
    return false;
  }

public:
  explicit ConstructedFlagsOk(unsigned flags) : retry_on_(flags) {}
  UpstreamResponse route(const char *request) {
    unsigned retries_remaining = 2;
    for (;;) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetry(r.status) || retries_remaining == 0)
        return r;
      --retries_remaining;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
};

// A public member anyone may write.
struct PublicFlagsOk {
  unsigned retry_on = RETRY_ON_5XX | RETRY_ON_RETRIABLE_4XX;

  bool wouldRetry(unsigned long status) const {
    if ((retry_on & RETRY_ON_5XX) && status >= 500)
      return true;
    if ((retry_on & RETRY_ON_RETRIABLE_4XX) && status == 409)
      return true;
    return false;
  }
  UpstreamResponse route(const char *request) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      UpstreamResponse r = forwardUpstream(request);
      if (!wouldRetry(r.status))
        return r;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return UpstreamResponse{0};
  }
};
