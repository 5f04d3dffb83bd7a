// corpus: origin written
// corpus: negative retry-nested-layers
// The primary read is retried; after the loop gives up, a fallback that
// retries on its own is called once. The fallback is not inside the loop.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static int get_retrying(httplib::Client &cli, const std::string &path, std::string &out) {
  for (int i = 0; i < 3; ++i) {
    if (auto res = cli.Get(path)) {
      out = res->body;
      return res->status;
    }
    nap(100L << i);
  }
  return -1;
}

std::string read_config(httplib::Client &primary, httplib::Client &mirror) {
  std::string body;
  for (int i = 0; i < 3; ++i) {
    if (auto res = primary.Get("/config")) {
      return res->status == 200 ? res->body : std::string();
    }
    nap(200L << i);
  }
  int st = get_retrying(mirror, "/config", body);
  return st == 200 ? body : std::string();
}
