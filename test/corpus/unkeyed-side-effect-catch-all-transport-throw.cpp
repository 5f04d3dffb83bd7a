// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A same-file helper throws when no response arrived; the caller's
// catch (...) loops back and POSTs again, with no key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct NoResponse {};

static int post_or_throw(httplib::Client &cli, const std::string &json) {
  auto res = cli.Post("/bookings", json, "application/json");
  if (!res)
    throw NoResponse{};
  return res->status;
}

int book(httplib::Client &cli, const std::string &json) {
  for (int attempt = 0;; ++attempt) {
    try {
      return post_or_throw(cli, json);
    } catch (...) {
      if (attempt == 2)
        return -1;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((200 << attempt) + rand() % 200));
    }
  }
}
