// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// Key = digest(path + content type + body): everything in it is request
// content.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

httplib::Result post_keyed(httplib::Client &cli, const std::string &path,
                           const std::string &body) {
  const std::string ctype = "application/json";
  httplib::Headers h = {{"Idempotency-Key", sha256_hex(path + ctype + body)}};
  httplib::Result res;
  for (int i = 0; i < 3; ++i) {
    res = cli.Post(path, h, body, ctype);
    if (res)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return res;
}
