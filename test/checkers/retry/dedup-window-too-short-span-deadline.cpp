// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers
//
// An elapsed-time guard bounds the retry span: 10 attempts with waits of up
// to 2 min would outlast a 5-minute retention, but the loop gives up once
// 60 s have passed, so at most one more wait and attempt follow: 60 s + 2 min
// = 3 min. The guard counts nanoseconds (the unit of the duration it
// counts), and the wait is assigned on two paths: a jittered draw, or the
// server's Retry-After when it is no longer than 2 min (the corpus case
// dedup-window-too-short-deadline-bounds-span-ok).

#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

// Covers the span (5 min > 3 min): silent.
constexpr auto kKeyRetention = std::chrono::minutes(5);

// Shorter than the span: a late retry finds no record.
constexpr auto kRefundKeyRetention = std::chrono::seconds(150);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: idempotency records expire after 150 s ('kRefundKeyRetention'), shorter than the 24 h minimum window

static long retry_after_ms(const httplib::Response &r);

bool create_refund(httplib::Client &psp, const std::string &refund_id, const std::string &body) {
  using clock = std::chrono::steady_clock;
  const long long start = clock::now().time_since_epoch().count();
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers h{{"Idempotency-Key", "refund-" + refund_id}};
  for (int attempt = 0; attempt < 10; ++attempt) {
    auto res = psp.Post("/refunds", h, body, "application/json");
    if (res && res->status < 500 && res->status != 429)
      return res->status / 100 == 2;
    if (clock::now().time_since_epoch().count() - start > 60LL * 1000000000LL)
      return false;
    long ms = std::uniform_int_distribution<long>(60000, 120000)(rng);
    if (res && retry_after_ms(*res) > ms && retry_after_ms(*res) <= 120000)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
