// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// Failover across regions: the loop index picks the endpoint, the key is
// the same intent key everywhere.
#include <httplib.h>
#include <string>

bool submit_everywhere(httplib::Client *regions[3], const std::string &intent_id,
                       const std::string &body) {
  for (int i = 0; i < 3; ++i) {
    httplib::Headers h = {{"Idempotency-Key", "intent-" + intent_id},
                          {"X-Region-Attempt", std::to_string(i)}};
    auto res = regions[i]->Post("/intents", h, body, "application/json");
    if (res)
      return res->status == 201;
  }
  return false;
}
