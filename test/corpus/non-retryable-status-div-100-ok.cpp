// corpus: origin written
// corpus: negative retry-non-retryable-status
// Status classes by division: only 5xx (and 429) go round again, with the
// server's Retry-After honoured.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long retry_after_s(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s;
}

int put_document(httplib::Client &cli, const std::string &path,
                 const std::string &doc) {
  std::minstd_rand rng(std::random_device{}());
  int status = 0;
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Put(path, httplib::Headers{}, doc, "application/json");
    long wait_ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng);
    if (res) {
      status = res->status;
      if (status / 100 != 5 && status != 429)
        return status;
      if (retry_after_s(*res) * 1000 > wait_ms)
        wait_ms = retry_after_s(*res) * 1000;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
  }
  return status;
}
