// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The caller mints the key once and hands a ready header list to a helper
// that retries; every attempt carries the caller's key.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

static httplib::Result post_retrying(httplib::Client &cli, const char *path,
                                     const httplib::Headers &headers,
                                     const std::string &body) {
  httplib::Result res;
  for (int i = 0; i < 4; ++i) {
    res = cli.Post(path, headers, body, "application/json");
    if (res)
      return res;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return res;
}

bool open_dispute(httplib::Client &cli, const std::string &body) {
  boost::uuids::random_generator gen;
  httplib::Headers h = {{"Idempotency-Key", boost::uuids::to_string(gen())}};
  auto res = post_retrying(cli, "/disputes", h, body);
  return res && res->status == 201;
}
