// corpus: origin written
// corpus: expect retry-non-retryable-status
// The retry decision is a local lambda over the status: any error status.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::string read_object(httplib::Client &cli, const std::string &bucket,
                        const std::string &key) {
  std::minstd_rand rng(std::random_device{}());
  auto should_retry = [](int status) { return status >= 400; };
  auto server_delay = [](const httplib::Response &r) {
    std::string v = r.get_header_value("Retry-After");
    long s = 0;
    for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
      s = s * 10 + (*p - '0');
    return s * 1000;
  };
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get("/" + bucket + "/" + key);
    if (!res)
      break;
    if (!should_retry(res->status))
      return res->status == 200 ? res->body : std::string();
    long ms = std::uniform_int_distribution<long>(0, 100L << attempt)(rng);
    long hint = server_delay(*res);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint > ms ? hint : ms));
  }
  return std::string();
}
