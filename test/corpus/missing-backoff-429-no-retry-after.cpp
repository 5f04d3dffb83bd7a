// corpus: origin written
// corpus: expect retry-missing-backoff
// 429 is retried with a jittered backoff, but the server's Retry-After is
// never read.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::string search(httplib::Client &cli, const std::string &q) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get("/search?q=" + q);
    if (res && res->status == 429) {
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 250L << attempt)(rng)));
      continue;
    }
    return res && res->status == 200 ? res->body : std::string();
  }
  return std::string();
}
