// corpus: origin github:facebook/folly folly/futures/Retrying.h retryingPolicyBasic
// corpus: expect retry-unkeyed-side-effect
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status
// retryingPolicyBasic(n) retries every exception immediately, up to n tries;
// here it re-publishes an event with no idempotency key after any failure.
#include <folly/futures/Retrying.h>

struct Event {
  const char *topic;
  const char *payload;
};
class EventBusClient {
public:
  folly::Future<bool> PublishEvent(const Event &e); // RPC, other TU
};

bool publishWithRetries(EventBusClient &bus, const Event &e) {
  return folly::futures::retrying(folly::futures::retryingPolicyBasic(4),
                                  [&](unsigned) { return bus.PublishEvent(e); })
      .get();
}
