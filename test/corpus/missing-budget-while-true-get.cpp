// corpus: origin written
// corpus: expect retry-missing-budget
// Retries a read until it succeeds: jittered, Retry-After honoured, but no
// cap and no deadline.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

std::string fetch_feature_flags(httplib::Client &cli) {
  std::minstd_rand rng(std::random_device{}());
  int attempt = 0;
  while (true) {
    auto res = cli.Get("/flags");
    if (res && res->status == 200)
      return res->body;
    if (res && res->status != 429 && res->status < 500)
      return std::string();
    long cap = 100L << (attempt < 6 ? attempt : 6);
    long ms = std::uniform_int_distribution<long>(0, cap)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    ++attempt;
  }
}
