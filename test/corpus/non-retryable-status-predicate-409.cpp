// corpus: origin written
// corpus: expect retry-non-retryable-status
// A same-TU predicate decides what is retried; it lets 409 through along
// with the retryable statuses.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static bool is_retryable(int code) {
  return code == 408 || code == 409 || code == 429 || code >= 500;
}

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

bool publish_schema(httplib::Client &cli, const std::string &subject,
                    const std::string &schema) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    auto res = cli.Put("/subjects/" + subject, httplib::Headers{}, schema,
                       "application/json");
    if (res && res->status < 300)
      return true;
    if (res && !is_retryable(res->status))
      return false;
    long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
