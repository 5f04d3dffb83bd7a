// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The key digests the item list streamed into an ostringstream.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

std::string sha256_hex(const std::string &);

bool reorder(httplib::Client &cli, const std::vector<std::string> &items,
             const std::string &json) {
  std::ostringstream s;
  for (const std::string &item : items)
    s << item << ";";
  const std::string key = sha256_hex(s.str());
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/reorders", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
