// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// The exchange keeps client tokens for 2h (shorter than a day); the router
// retries 4 times with waits up to 10 s: the window covers the retries.
#include <chrono>
#include <random>
#include <string>
#include <thread>

using namespace std::chrono_literals;

constexpr auto kClientTokenExpiry = 2h;

extern "C" int exchange_submit(const char *client_token, const char *order_json);

bool route_order(const std::string &order_id, const std::string &json) {
  const std::string token = "ord-" + order_id;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (exchange_submit(token.c_str(), json.c_str()) == 0)
      return true;
    long cap = 1000L << attempt;
    long hi = cap < 10000 ? cap : 10000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
