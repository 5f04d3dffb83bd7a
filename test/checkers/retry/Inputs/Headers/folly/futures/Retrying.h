// Fake folly::futures::retrying for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
namespace folly {
template <class T> class Future {
public:
  T get();
};
namespace futures {
template <class Policy, class FF>
auto retrying(Policy &&p, FF &&ff) -> decltype(ff(0u)) {
  return ff(0u);
}
struct BasicPolicy {};
BasicPolicy retryingPolicyBasic(unsigned max_tries);
struct JitteredPolicy {};
JitteredPolicy retryingPolicyCappedJitteredExponentialBackoff(
    unsigned max_tries, long backoff_min_ms, long backoff_max_ms,
    double jitter_param);
} // namespace futures
} // namespace folly
