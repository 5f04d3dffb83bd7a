// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The only per-request header is X-Request-Id, a tracing header: the POST
// carries no idempotency key and is retried after a lost response.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool create_user(httplib::Client &cli, const std::string &json) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"X-Request-Id", boost::uuids::to_string(gen())}};
    if (auto res = cli.Post("/users", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
