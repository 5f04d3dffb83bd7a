// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-nested-layers
// Retry by recursion that passes the key down: minted once by the entry
// point, reused by every recursive attempt.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

static bool post_attempt(httplib::Client &cli, const std::string &key,
                         const std::string &body, int left) {
  httplib::Headers h = {{"Idempotency-Key", key}};
  auto res = cli.Post("/orders", h, body, "application/json");
  if (res)
    return res->status == 201;
  if (left == 0)
    return false;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(300 / (left + 1) + rand() % 100));
  return post_attempt(cli, key, body, left - 1);
}

bool place_order(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  return post_attempt(cli, boost::uuids::to_string(gen()), body, 2);
}
