// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The exchange keeps client tokens for 2h; the order router retries a
// rejected-by-outage order 8 times with waits of up to 30 min (queued
// overnight orders), so the span is hours.
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
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (exchange_submit(token.c_str(), json.c_str()) == 0)
      return true;
    long cap = 60000L << attempt;
    long hi = cap < 1800000 ? cap : 1800000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
