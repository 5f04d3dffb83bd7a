// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// DELETE retried after a lost response: deleting twice is deleting once.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool revoke_token(httplib::Client &cli, const std::string &token_id) {
  httplib::Headers h = {{"Authorization", "Bearer admin"}};
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Delete("/tokens/" + token_id, h);
    if (res && res->status != 502 && res->status != 504)
      return res->status == 204 || res->status == 404;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((150 << attempt) + rand() % 150));
  }
  return false;
}
