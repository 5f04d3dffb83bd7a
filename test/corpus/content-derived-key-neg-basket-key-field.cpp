// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// The basket's key field (its identity) plus its total: the entity key
// names the intent.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Basket {
  std::string key;
  long total;
};

bool pay_basket(httplib::Client &cli, const Basket &basket,
                const std::string &json) {
  httplib::Headers h = {
      {"Idempotency-Key", "basket-" + basket.key + "-" + std::to_string(basket.total)}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/basket-payments", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
