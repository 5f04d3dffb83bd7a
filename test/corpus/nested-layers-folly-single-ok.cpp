// corpus: origin written
// corpus: negative retry-nested-layers
// folly::futures::retrying (3 tries) around a single lookup: one layer.
#include <folly/futures/Retrying.h>

extern "C" int geo_lookup(const char *ip, char *country, int n);

int country_of(const char *ip, char *out, int n) {
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(3),
                                  [&](unsigned) { return geo_lookup(ip, out, n); });
}
