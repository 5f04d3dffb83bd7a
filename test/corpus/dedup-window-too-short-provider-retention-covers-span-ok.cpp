// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// The provider keeps keys for 10 minutes (shorter than a day), but this
// client's worst case is 3 x (2 s jittered backoff cap + 1 s timeout) = 9 s:
// the window covers every retry.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

// Provider contract: idempotency keys are retained for 10 minutes.
constexpr auto kIdempotencyKeyRetention = std::chrono::minutes(10);

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
