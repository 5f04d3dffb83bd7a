// corpus: origin written
// corpus: expect retry-non-retryable-status
// do/while on status != 200: a 403 from an expired credential is retried
// like a 502.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long seconds_header(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s;
}

std::string download_report(httplib::Client &cli, const std::string &report) {
  std::minstd_rand rng(std::random_device{}());
  int status = 0;
  int attempt = 0;
  std::string body;
  do {
    auto res = cli.Get("/reports/" + report + "/download");
    status = res ? res->status : 0;
    if (status == 200) {
      body = res->body;
      break;
    }
    long ms = std::uniform_int_distribution<long>(0, 500L << attempt)(rng);
    if (res && seconds_header(*res) * 1000 > ms)
      ms = seconds_header(*res) * 1000;
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  } while (status != 200 && ++attempt < 3);
  return body;
}
