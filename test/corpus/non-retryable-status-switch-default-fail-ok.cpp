// corpus: origin written
// corpus: negative retry-non-retryable-status
// A switch lists the statuses that go round again (429, 502, 503, 504); the
// default stops.
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
  return s * 1000;
}

int remove_webhook(httplib::Client &cli, const std::string &id) {
  std::minstd_rand rng(std::random_device{}());
  int status = 0;
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Delete("/webhooks/" + id, httplib::Headers{});
    long hint = 0;
    if (res) {
      status = res->status;
      switch (status) {
      case 429:
      case 502:
      case 503:
      case 504:
        hint = ra_ms(*res);
        break;
      default:
        return status;
      }
    }
    long ms = std::uniform_int_distribution<long>(0, 300L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint > ms ? hint : ms));
  }
  return status;
}
