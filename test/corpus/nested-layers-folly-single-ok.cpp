// corpus: origin written
// corpus: negative retry-nested-layers
// folly::futures::retrying (3 tries, capped jittered backoff) around a
// single lookup that throws on failure: one layer.
#include <chrono>
#include <folly/futures/Retrying.h>
#include <random>

// The part of folly's Retrying.h this file uses beyond the fake header.
namespace folly {
namespace futures {
template <class URNG>
BasicPolicy retryingPolicyCappedJitteredExponentialBackoff(unsigned max_tries,
                                                           std::chrono::milliseconds backoff_min,
                                                           std::chrono::milliseconds backoff_max,
                                                           double jitter_param, URNG &&rng);
} // namespace futures
} // namespace folly

struct LookupFailed {};

extern "C" int geo_lookup(const char *ip, char *country, int n);

int country_of(const char *ip, char *out, int n) {
  std::minstd_rand rng(std::random_device{}());
  return folly::futures::retrying(
      folly::futures::retryingPolicyCappedJitteredExponentialBackoff(
          3, std::chrono::milliseconds(100), std::chrono::milliseconds(2000), 0.5, rng),
      [&](unsigned) {
        if (geo_lookup(ip, out, n) != 0)
          throw LookupFailed{};
        return 0;
      });
}
