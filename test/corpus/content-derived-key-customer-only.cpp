// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// The subscription key is the customer id alone: one customer, many
// subscriptions, one key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool subscribe(httplib::Client &cli, const std::string &customer_id,
               const std::string &plan_json) {
  httplib::Headers h = {{"Idempotency-Key", "sub-" + customer_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/subscriptions", h, plan_json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
