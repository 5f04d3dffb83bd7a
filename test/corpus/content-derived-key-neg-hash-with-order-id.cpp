// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A normalized-intent hash: the order id is part of what is hashed.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

struct Order {
  std::string order_id;
  std::string body;
};

bool charge(httplib::Client &cli, const Order &o) {
  const std::string key = sha256_hex(o.order_id + "\n" + o.body);
  httplib::Headers h = {{"Idempotency-Key", key}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/charges", h, o.body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
