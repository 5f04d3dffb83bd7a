// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// Sign-up key from personal data (e-mail and phone): content, not an intent.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Signup {
  std::string email;
  std::string phone;
  std::string plan;
};

static unsigned long fnv1a(const std::string &s) {
  unsigned long h = 1469598103934665603UL;
  for (const char *p = s.c_str(); *p; ++p)
    h = (h ^ (unsigned char)*p) * 1099511628211UL;
  return h;
}

bool register_trial(httplib::Client &cli, const Signup &s,
                    const std::string &json) {
  const std::string key = std::to_string(fnv1a(s.email + "|" + s.phone));
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/trials", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
