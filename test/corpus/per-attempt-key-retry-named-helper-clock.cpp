// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A helper named RetryWithBackoff runs a lambda that stamps the key with
// the steady clock.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

template <class F> auto RetryWithBackoff(int max_attempts, F &&f) -> decltype(f()) {
  auto r = f();
  for (int i = 1; i < max_attempts && !r; ++i) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
    r = f();
  }
  return r;
}

bool open_account(httplib::Client &cli, const std::string &json) {
  auto res = RetryWithBackoff(3, [&] {
    const long long t = std::chrono::steady_clock::now().time_since_epoch().count();
    httplib::Headers h = {{"Idempotency-Key", "acct-" + std::to_string(t)}};
    return cli.Post("/accounts", h, json, "application/json");
  });
  return res && res->status == 201;
}
