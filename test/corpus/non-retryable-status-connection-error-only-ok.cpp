// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// Only a refused connection (httplib::Error::Connection) is retried; every
// HTTP reply and every other transport error is returned.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

httplib::Result get_manifest(httplib::Client &cli, const std::string &release) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0;; ++attempt) {
    auto res = cli.Get("/releases/" + release + "/manifest");
    if (res || res.error() != httplib::Error::Connection || attempt == 3)
      return res;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 250L << attempt)(rng)));
  }
}
