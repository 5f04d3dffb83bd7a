// corpus: origin written
// corpus: negative retry-missing-budget
// while (true) with the cap inside the body: the fourth failure returns.
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
    if (++attempt >= 4)
      return std::string();
    long ms = std::uniform_int_distribution<long>(0, 100L << attempt)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
}
