// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// "cart/" + cart.id: an entity's id field is intent identity, even next to
// the amount.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Basket {
  std::string id;
  long total_cents;
};

bool checkout(httplib::Client &cli, const Basket &basket,
              const std::string &json) {
  const std::string key =
      "cart/" + basket.id + "/" + std::to_string(basket.total_cents);
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/checkout", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
