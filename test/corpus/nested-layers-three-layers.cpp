// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// Handler, service and client each make 3 attempts: 27 requests to the
// pricing backend for one failing call.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

namespace {
std::minstd_rand rng(std::random_device{}());

void backoff(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(
      std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
}

int client_get_price(httplib::Client &cli, const std::string &sku) {
  for (int i = 0; i < 3; ++i) {
    if (auto res = cli.Get("/price/" + sku))
      return res->status == 200 ? 1 : 0;
    backoff(i);
  }
  return -1;
}

int service_price(httplib::Client &cli, const std::string &sku) {
  for (int i = 0; i < 3; ++i) {
    int r = client_get_price(cli, sku);
    if (r >= 0)
      return r;
    backoff(i);
  }
  return -1;
}
} // namespace

bool handle_price_request(httplib::Client &cli, const std::string &sku) {
  for (int i = 0; i < 3; ++i) {
    int r = service_price(cli, sku);
    if (r >= 0)
      return r == 1;
    backoff(i);
  }
  return false;
}
