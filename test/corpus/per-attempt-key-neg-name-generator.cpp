// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A name-based UUID of the order id, computed in the loop: deterministic,
// so every attempt sends the same key.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

extern const boost::uuids::uuid kOrdersNamespace;

bool pay_order(httplib::Client &cli, const std::string &order_id,
               const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::name_generator gen(kOrdersNamespace);
    std::string key = boost::uuids::to_string(gen(order_id));
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/payments", h, body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((150 << attempt) + rand() % 150));
  }
  return false;
}
