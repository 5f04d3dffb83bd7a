// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// A same-TU predicate returns true only for 408/425/429/5xx; the loop reads
// Retry-After before going back.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static bool is_failure_temporary(int code) {
  switch (code) {
  case 408:
  case 425:
  case 429:
    return true;
  default:
    return code >= 500 && code < 600;
  }
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
    if (res && !is_failure_temporary(res->status))
      return false;
    long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    if (res && retry_after_ms(*res) > ms)
      ms = retry_after_ms(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return false;
}
