// corpus: origin written
// corpus: expect retry-missing-backoff
// folly::futures::retrying with retryingPolicyBasic(3): the basic policy
// retries every failure at once, with no wait between the tries.
#include <folly/futures/Retrying.h>

struct LookupFailed {};

extern "C" int geo_lookup(const char *ip, char *country, int n);

int country_of(const char *ip, char *out, int n) {
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(3), [&](unsigned) {
    if (geo_lookup(ip, out, n) != 0)
      throw LookupFailed{};
    return 0;
  });
}
