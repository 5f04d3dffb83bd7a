// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// The retry flag is set only for 429 and 503 (from the status test) and for
// a refused connection; Retry-After is read for both statuses.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long seconds_of(const std::string &v) {
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s;
}

int delete_session(httplib::Client &cli, const std::string &sid) {
  std::minstd_rand rng(std::random_device{}());
  int status = 0;
  for (int attempt = 0; attempt < 4; ++attempt) {
    bool throttled = false;
    long wait_ms = std::uniform_int_distribution<long>(0, 250L << attempt)(rng);
    auto res = cli.Delete("/sessions/" + sid, httplib::Headers{});
    if (res) {
      status = res->status;
      if (status == 429 || status == 503) {
        throttled = true;
        long ra = seconds_of(res->get_header_value("Retry-After")) * 1000;
        if (ra > wait_ms)
          wait_ms = ra;
      }
    } else if (res.error() == httplib::Error::Connection) {
      throttled = true;
    }
    if (!throttled)
      return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
  }
  return status;
}
