// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The body carries a per-attempt "sent_at" timestamp; the key is the
// payment id and does not change.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool capture(httplib::Client &cli, const std::string &payment_id, long cents) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const long sent_at = time(nullptr);
    std::string body = "{\"amount\":" + std::to_string(cents) +
                       ",\"sent_at\":" + std::to_string(sent_at) + "}";
    httplib::Headers h = {{"Idempotency-Key", "capture-" + payment_id}};
    if (auto res = cli.Post("/captures", h, body, "application/json"))
      return res->status == 200;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
