// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// A 60 s TTL on login sessions (not a de-dup record) in the same file as a
// long retry; the retry itself is keyed and the provider's key retention
// is 48 h.
#include <chrono>
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

constexpr auto kSessionTtl = std::chrono::seconds(60);
constexpr auto kProviderKeyRetention = std::chrono::hours(48);

void touch_session(redisContext *r, const std::string &sid) {
  freeReplyObject(redisCommand(r, "SET session:%s 1 EX %lld", sid.c_str(),
                               (long long)kSessionTtl.count()));
}

static long retry_after_ms(const httplib::Response &res) {
  std::string v = res.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

bool pay_invoice(httplib::Client &psp, const std::string &invoice_id, const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  const httplib::Headers h{{"Idempotency-Key", "invoice-" + invoice_id}};
  for (int attempt = 0; attempt < 5; ++attempt) {
    auto res = psp.Post("/charges", h, body, "application/json");
    if (res && res->status < 500 && res->status != 429)
      return res->status / 100 == 2;
    long cap = 20000L << attempt;
    long hi = cap < 120000 ? cap : 120000;
    long ms = std::uniform_int_distribution<long>(0, hi)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
