// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// An SMS send keyed by phone number and text: the same reminder sent next
// week is swallowed.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha1_hex(const std::string &);

bool send_sms(httplib::Client &cli, const std::string &phone,
              const std::string &text) {
  const std::string body = "{\"to\":\"" + phone + "\",\"text\":\"" + text + "\"}";
  const std::string key = sha1_hex(phone + text);
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    auto res = cli.Post("/messages", h, body, "application/json");
    if (res)
      return res->status == 202;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
