// corpus: origin written
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// A loop over the items of a batch (not a retry) calling a retrying
// function: one retry layer per item.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>
#include <vector>

static std::minstd_rand rng(std::random_device{}());

static bool delete_with_retry(httplib::Client &cli, const std::string &path) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Delete(path, httplib::Headers{});
    if (res)
      return res->status / 100 == 2 || res->status == 404;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return false;
}

int purge_expired(httplib::Client &cli, const std::vector<std::string> &ids) {
  int failed = 0;
  for (const std::string &id : ids)
    if (!delete_with_retry(cli, "/carts/" + id))
      ++failed;
  return failed;
}
