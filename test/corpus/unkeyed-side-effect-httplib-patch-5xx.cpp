// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// A PATCH (not idempotent by method) retried on no response, 502 and 504.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool add_credit(httplib::Client &cli, const std::string &account,
                const std::string &delta_json) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Patch("/accounts/" + account + "/balance", delta_json,
                         "application/json");
    const bool transient = !res || res->status == 502 || res->status == 504;
    if (!transient)
      return res->status == 200;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((150 << attempt) + rand() % 150));
  }
  return false;
}
