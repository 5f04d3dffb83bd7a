// corpus: origin written
// corpus: fixme-fn retry-nested-layers FIXME: folly::futures::retrying around a lambda that calls a same-file function with its own retry loop (over a declared-only call) is not seen as two layers
// folly::futures::retrying (3 tries) around a function that has its own
// retry loop.
#include <chrono>
#include <folly/futures/Retrying.h>
#include <random>
#include <thread>

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
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(3),
                                  [&](unsigned) { return lookup_with_retries(ip, out, n); });
}
