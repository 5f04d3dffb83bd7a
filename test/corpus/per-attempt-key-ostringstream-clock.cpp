// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-content-derived-idempotency-key
// The key names the order but appends the send time, built with a stream
// inside the loop: still a different key on every attempt.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <sstream>
#include <string>
#include <thread>

struct Order {
  std::string id;
  std::string payload;
};

bool place(httplib::Client &api, const Order &o) {
  int attempt = 0;
  while (attempt < 3) {
    std::ostringstream key;
    key << o.id << "-"
        << (long)std::chrono::system_clock::now().time_since_epoch().count();
    httplib::Headers h = {{"Idempotency-Key", key.str()}};
    auto res = api.Post("/orders", h, o.payload, "application/json");
    if (res && res->status < 500)
      return res->status == 201;
    if (res && res->status == 503)
      return false;
    ++attempt;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(100 * attempt + rand() % 100));
  }
  return false;
}
