// corpus: origin written
// corpus: negative retry-nested-layers
// A benchmark sends N probes in a row on purpose (not a retry); each probe
// uses a bounded retrying read: one retry layer.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static int probe(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Get("/healthz"))
      return res->status;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 50L << attempt)(rng)));
  }
  return -1;
}

int count_healthy(httplib::Client &cli, int samples) {
  int ok = 0;
  for (int i = 0; i < samples; ++i)
    if (probe(cli) == 200)
      ++ok;
  return ok;
}
