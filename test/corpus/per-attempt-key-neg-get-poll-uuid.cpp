// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// Reading a report with a retried GET; the client happens to send a fresh
// X-Idempotency-Key on every GET, which changes nothing for a read.
#include <boost/uuid/uuid.hpp>
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool fetch_report(httplib::Client &cli, const std::string &id, std::string &out) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 4; ++attempt) {
    httplib::Headers h = {{"X-Idempotency-Key", boost::uuids::to_string(gen())}};
    if (auto res = cli.Get("/reports/" + id, h)) {
      if (res->status == 200) {
        out = res->body;
        return true;
      }
      return false;
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
