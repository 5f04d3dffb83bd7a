// corpus: origin github:facebook/folly folly/futures/Retrying.h retryingPolicyCappedJitteredExponentialBackoff
// corpus: negative retry-missing-backoff retry-missing-budget retry-unkeyed-side-effect
// The capped, jittered exponential policy: at most 5 tries, waits from 50 ms
// to 2 s with 50 % jitter, around a read.
#include <folly/futures/Retrying.h>
#include <chrono>
#include <random>

namespace folly {
namespace futures {
struct CappedJitteredPolicy {};
// Declared in folly/futures/Retrying.h (not in the fake header).
template <class URNG>
CappedJitteredPolicy retryingPolicyCappedJitteredExponentialBackoff(
    unsigned max_tries, std::chrono::milliseconds backoff_min,
    std::chrono::milliseconds backoff_max, double jitter_param, URNG &&rng);
} // namespace futures
} // namespace folly

struct Config {
  int version;
};
class ConfigClient {
public:
  folly::Future<Config> GetConfig(const char *name); // RPC, other TU
};

Config loadConfig(ConfigClient &client, const char *name) {
  return folly::futures::retrying(
             folly::futures::retryingPolicyCappedJitteredExponentialBackoff(
                 5, std::chrono::milliseconds(50), std::chrono::milliseconds(2000),
                 0.5, std::minstd_rand(std::random_device()())),
             [&](unsigned) { return client.GetConfig(name); })
      .get();
}
