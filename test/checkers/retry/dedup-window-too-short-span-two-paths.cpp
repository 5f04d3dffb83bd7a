// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers
//
// A wait assigned on two paths: a jittered draw of up to 2 s, or the
// server's Retry-After when it is no longer than 2 s. 3 attempts x 2 s
// = 6 s, covered by a 10-minute retention (the corpus case
// dedup-window-too-short-provider-retention-covers-span-ok).

#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

// Covers every retry in this file: silent.
constexpr auto kIdempotencyKeyRetention = std::chrono::minutes(10);

// Shorter than 3 x 2 s.
constexpr auto kDedupWindow = std::chrono::seconds(4);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 4 s ('kDedupWindow'), shorter than the 24 h minimum window

static long retry_after_ms(const httplib::Response &r);

bool submit_payment(httplib::Client &provider, const std::string &order_id,
                    const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers headers{{"Idempotency-Key", "order-" + order_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = provider.Post("/v1/payments", headers, body, "application/json");
    if (res && res->status != 503)
      return res->status / 100 == 2;
    long ms = std::uniform_int_distribution<long>(0, 2000)(rng);
    if (res && retry_after_ms(*res) > ms && retry_after_ms(*res) <= 2000)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
