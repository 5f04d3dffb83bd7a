// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The key is the cart total, currency and buyer e-mail joined with a
// stream: no order id anywhere.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <sstream>
#include <string>
#include <thread>

struct Cart {
  long total_cents;
  std::string currency;
  std::string buyer_email;
};

bool checkout(httplib::Client &cli, const Cart &cart, const std::string &json) {
  std::ostringstream k;
  k << cart.total_cents << "|" << cart.currency << "|" << cart.buyer_email;
  httplib::Headers h = {{"Idempotency-Key", k.str()}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/checkout", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
