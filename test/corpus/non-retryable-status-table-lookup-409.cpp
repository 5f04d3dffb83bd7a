// corpus: origin written
// corpus: fixme-fn retry-non-retryable-status FIXME: a same-file predicate that searches a table of retryable statuses (a std::vector scanned in a loop) is not read, so the 409 in the table is not reported
// The retryable statuses come from a table; 409 is in it.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>
#include <vector>

static const std::vector<int> kRetryableStatuses = {408, 409, 429, 500, 502, 503, 504};

static bool retryable(int status) {
  for (int s : kRetryableStatuses)
    if (s == status)
      return true;
  return false;
}

static long retry_after_ms(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

int replace_policy(httplib::Client &cli, const std::string &id, const std::string &doc) {
  std::minstd_rand rng(std::random_device{}());
  int status = -1;
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Put("/policies/" + id, httplib::Headers{}, doc, "application/json");
    long ms = std::uniform_int_distribution<long>(0, 250L << attempt)(rng);
    if (res) {
      status = res->status;
      if (!retryable(status))
        return status;
      if (retry_after_ms(*res) > ms)
        ms = retry_after_ms(*res);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return status;
}
