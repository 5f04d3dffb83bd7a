// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// A load generator sends N POSTs in a row on purpose; nothing goes back
// because a call failed.
#include <cstdio>
#include <httplib.h>
#include <string>

struct Stats {
  int ok = 0;
  int failed = 0;
};

Stats hammer(httplib::Client &cli, int requests, const std::string &json) {
  Stats s;
  for (int i = 0; i < requests; ++i) {
    auto res = cli.Post("/orders", json, "application/json");
    if (res && res->status == 201)
      ++s.ok;
    else
      ++s.failed;
  }
  return s;
}
