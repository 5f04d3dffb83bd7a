// corpus: origin written
// corpus: expect retry-non-retryable-status
// A status range: every error reply from 400 to 599 is retried.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

namespace shipping {

long parse_retry_after(const std::string &v) {
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

class RatesClient {
public:
  explicit RatesClient(const std::string &host) : cli_(host), rng_(std::random_device{}()) {}

  std::string quote(const std::string &zip) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      auto res = cli_.Get("/rates?zip=" + zip);
      if (!res)
        return std::string();
      if (res->status >= 400 && res->status <= 599) {
        long ms = std::uniform_int_distribution<long>(100, 400L << attempt)(rng_);
        long ra = parse_retry_after(res->get_header_value("Retry-After"));
        std::this_thread::sleep_for(std::chrono::milliseconds(ra > ms ? ra : ms));
        continue;
      }
      return res->body;
    }
    return std::string();
  }

private:
  httplib::Client cli_;
  std::minstd_rand rng_;
};

} // namespace shipping
