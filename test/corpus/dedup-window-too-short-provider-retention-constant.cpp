// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The payment provider keeps Idempotency-Key records for 10 minutes; this
// client retries one order for up to 6 x (5 min backoff cap + 30 s
// timeout) = 33 min, so a late retry is charged again.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

namespace billing {

// Provider contract: idempotency keys are retained for 10 minutes.
constexpr auto kIdempotencyKeyRetention = std::chrono::minutes(10);
constexpr int kMaxAttempts = 6;
constexpr long kMaxBackoffMs = 5 * 60 * 1000;
constexpr long kRequestTimeoutMs = 30 * 1000;

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

bool submit_payment(httplib::Client &provider, const std::string &order_id,
                    const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers headers{{"Idempotency-Key", "order-" + order_id}};
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    auto res = provider.Post("/v1/payments", headers, body, "application/json");
    if (res && res->status < 500 && res->status != 429)
      return res->status / 100 == 2;
    long cap = 10000L << attempt;
    if (cap > kMaxBackoffMs)
      cap = kMaxBackoffMs;
    long ms = std::uniform_int_distribution<long>(0, cap)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}

} // namespace billing
