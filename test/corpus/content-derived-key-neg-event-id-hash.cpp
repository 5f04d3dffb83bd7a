// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A webhook relay keys deliveries by the event id and destination.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha1_hex(const std::string &);

struct Event {
  std::string event_id;
  std::string payload;
};

bool deliver(httplib::Client &dest, const std::string &endpoint,
             const Event &ev) {
  const std::string key = sha1_hex(ev.event_id + "@" + endpoint);
  for (int attempt = 0; attempt < 5; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = dest.Post(endpoint, h, ev.payload, "application/json"))
      return res->status < 300;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((500 << attempt) + rand() % 500));
  }
  return false;
}
