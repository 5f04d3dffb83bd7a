// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// A checkout client that mints a fresh UUID for every attempt of the charge.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Order {
  std::string id;
  std::string json;
};

bool charge_order(httplib::Client &cli, const Order &order) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const std::string key = boost::uuids::to_string(gen());
    httplib::Headers headers = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/v1/charges", headers, order.json,
                            "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 150));
  }
  return false;
}
