// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// An order POST retried on a 500: the server may have committed before it
// failed.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct PostResult {
  bool ok;
  bool retryable;
};

static PostResult post_once(httplib::Client &cli, const std::string &json) {
  auto res = cli.Post("/api/orders", json, "application/json");
  if (res && res->status == 201)
    return {true, false};
  return {false, res && res->status == 500};
}

bool create_order(httplib::Client &cli, const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    PostResult r = post_once(cli, json);
    if (r.ok)
      return true;
    if (!r.retryable)
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
