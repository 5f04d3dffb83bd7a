// corpus: origin written
// corpus: expect retry-non-retryable-status
// Status classes by division: 2xx is done, 3xx is an error, anything else
// (4xx included) goes round again.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static long header_seconds(const httplib::Response &r, const char *name) {
  std::string v = r.get_header_value(name);
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s;
}

bool sync_inventory(httplib::Client &cli, const std::string &warehouse) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    auto res = cli.Get("/warehouses/" + warehouse + "/stock");
    long wait_ms = std::uniform_int_distribution<long>(0, 150L << attempt)(rng);
    if (res) {
      const int klass = res->status / 100;
      if (klass == 2)
        return true;
      if (klass == 3)
        return false;
      long hint = header_seconds(*res, "Retry-After") * 1000;
      if (hint > wait_ms)
        wait_ms = hint;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
  }
  return false;
}
