// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// A named lambda retries the GET itself; the outer loop retries the lambda.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

std::string load_pricebook(httplib::Client &cli) {
  std::minstd_rand rng(std::random_device{}());
  auto nap = [&](long cap) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
  };
  auto get_retrying = [&](std::string &out) {
    for (int i = 0; i < 3; ++i) {
      if (auto res = cli.Get("/pricebook")) {
        out = res->body;
        return res->status;
      }
      nap(100L << i);
    }
    return -1;
  };
  std::string body;
  for (int round = 0; round < 3; ++round) {
    int st = get_retrying(body);
    if (st != -1)
      return st == 200 ? body : std::string();
    nap(1000L << round);
  }
  return std::string();
}
