// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A same-file helper hashes the order id together with amount and currency.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

struct Order {
  std::string order_id;
  long cents;
  std::string currency;
};

static std::string intent_key(const Order &o) {
  return sha256_hex(o.order_id + "|" + std::to_string(o.cents) + "|" +
                    o.currency);
}

bool pay(httplib::Client &cli, const Order &o, const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", intent_key(o)}};
    if (auto res = cli.Post("/pay", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
