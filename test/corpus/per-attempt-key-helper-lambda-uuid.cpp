// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// A generic retry helper; the retried lambda mints its own UUID, so the key
// changes on every call the helper makes.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

template <class Op> bool with_backoff(int max_attempts, Op op) {
  for (int i = 0; i < max_attempts; ++i) {
    if (op())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return false;
}

bool create_invoice(httplib::Client &cli, const std::string &body) {
  int status = 0;
  with_backoff(3, [&] {
    boost::uuids::random_generator gen;
    httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
    auto res = cli.Post("/invoices", h, body, "application/json");
    if (res)
      status = res->status;
    return static_cast<bool>(res); // retry only when no response came back
  });
  return status == 201;
}
