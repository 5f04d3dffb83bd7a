// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// A loop driven by a retry-policy object retries a client wrapper that
// has its own bounded retry loop.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

class Backoff {
public:
  explicit Backoff(int max_attempts) : max_(max_attempts) {}
  bool ShouldRetry(int attempt) const { return attempt < max_; }
  std::chrono::milliseconds Delay(int attempt) {
    return std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << attempt)(rng_));
  }

private:
  int max_;
  std::minstd_rand rng_{std::random_device{}()};
};

static int get_json(httplib::Client &cli, const std::string &path, std::string &out) {
  Backoff b(3);
  for (int attempt = 1;; ++attempt) {
    if (auto res = cli.Get(path)) {
      out = res->body;
      return res->status;
    }
    if (!b.ShouldRetry(attempt))
      return -1;
    std::this_thread::sleep_for(b.Delay(attempt));
  }
}

int load_settings(httplib::Client &cli, std::string &out) {
  Backoff outer(3);
  for (int attempt = 1;; ++attempt) {
    int st = get_json(cli, "/settings", out);
    if (st != -1)
      return st;
    if (!outer.ShouldRetry(attempt))
      return -1;
    std::this_thread::sleep_for(outer.Delay(attempt + 2));
  }
}
