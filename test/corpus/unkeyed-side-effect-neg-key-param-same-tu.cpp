// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// A same-file callee takes idempotency_key and puts it in the header; the
// retry loop passes the order's key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

static httplib::Result post_order(httplib::Client &cli, const std::string &json,
                                  const std::string &idempotency_key) {
  httplib::Headers h = {{"Idempotency-Key", idempotency_key}};
  return cli.Post("/orders", h, json, "application/json");
}

int place(httplib::Client &cli, const std::string &order_id,
          const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = post_order(cli, json, "order-" + order_id))
      return res->status;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return -1;
}
