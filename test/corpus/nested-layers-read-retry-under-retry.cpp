// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// The outer sync job retries a function that retries its reads: reads
// multiply load like any other call.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void nap(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 200L << attempt)(rng)));
}

// Returns the HTTP status, or -1 when every attempt failed in transport.
static int get_with_retry(httplib::Client &cli, const std::string &path, std::string &out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Get(path);
    if (res) {
      out = res->body;
      return res->status;
    }
    nap(attempt);
  }
  return -1;
}

bool sync_catalog(httplib::Client &cli) {
  std::string page;
  for (int round = 0; round < 3; ++round) {
    int status = get_with_retry(cli, "/catalog/export", page);
    if (status != -1)
      return status == 200;
    nap(round + 2);
  }
  return false;
}
