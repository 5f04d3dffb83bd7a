// corpus: origin written
// corpus: expect retry-nested-layers
// folly::futures::retrying (3 tries, capped jittered backoff) around a
// lambda that calls a function with its own retry loop and throws when that
// loop gives up: 3 x 3 lookups.
#include <chrono>
#include <folly/futures/Retrying.h>
#include <random>
#include <thread>

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

static std::minstd_rand rng(std::random_device{}());

static int lookup_with_retries(const char *ip, char *out, int n) {
  int rc = -1;
  for (int i = 0; i < 3; ++i) {
    rc = geo_lookup(ip, out, n);
    if (rc == 0)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 50L << i)(rng)));
  }
  return rc;
}

int country_of(const char *ip, char *out, int n) {
  return folly::futures::retrying(
      folly::futures::retryingPolicyCappedJitteredExponentialBackoff(
          3, std::chrono::milliseconds(100), std::chrono::milliseconds(2000), 0.5, rng),
      [&](unsigned) {
        if (lookup_with_retries(ip, out, n) != 0)
          throw LookupFailed{};
        return 0;
      });
}
