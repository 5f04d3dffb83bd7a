// corpus: origin written
// corpus: expect retry-missing-backoff
// 429 and 503 are both retried, but Retry-After is read only on the 429
// path; the 503 path uses the client's own jitter.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long header_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

std::string list_buckets(httplib::Client &cli) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get("/buckets");
    if (!res)
      return std::string();
    long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    if (res->status == 429) {
      long ra = header_ms(*res);
      std::this_thread::sleep_for(std::chrono::milliseconds(ra > ms ? ra : ms));
    } else if (res->status == 503) {
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    } else {
      return res->status == 200 ? res->body : std::string();
    }
  }
  return std::string();
}
