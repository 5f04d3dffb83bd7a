// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// A status range, 500 to 599 retried, plus transport failures; 503 is in the
// range, so Retry-After is read.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long ra_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return 1000 * s;
}

std::string get_rates(httplib::Client &cli, const std::string &zip) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Get("/rates?zip=" + zip);
    long hint = 0;
    if (res) {
      if (res->status < 500 || res->status > 599)
        return res->status == 200 ? res->body : std::string();
      hint = ra_ms(*res);
    }
    long ms = std::uniform_int_distribution<long>(100, 400L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint > ms ? hint : ms));
  }
  return std::string();
}
