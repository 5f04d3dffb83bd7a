// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A fresh X-Request-Id per attempt is tracing, not a key; the idempotency
// key itself comes from the intent.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool refund(httplib::Client &cli, const std::string &refund_id,
            const std::string &body) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", "refund-" + refund_id},
                          {"X-Request-Id", boost::uuids::to_string(gen())}};
    auto res = cli.Post("/refunds", h, body, "application/json");
    if (res)
      return res->status == 200;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
