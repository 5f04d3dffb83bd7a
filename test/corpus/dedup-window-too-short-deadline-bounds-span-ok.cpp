// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// 10 x (2 min + 10 s) would outlast the provider's 5-minute key retention,
// but an elapsed-time guard stops the retry once 60 s have passed: at most
// one more wait (2 min) and attempt follow.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

constexpr auto kKeyRetention = std::chrono::minutes(5); // provider's idempotency key TTL

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

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
