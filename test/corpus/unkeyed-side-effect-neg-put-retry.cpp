// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// A PUT of the full document is idempotent by method: retrying it after a
// lost response needs no key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool store_settings(httplib::Client &cli, const std::string &user,
                    const std::string &json) {
  httplib::Headers h;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Put("/settings/" + user, h, json, "application/json"))
      return res->status == 200 || res->status == 204;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
