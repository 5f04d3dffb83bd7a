// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// A same-file helper builds the key from payee account and amount.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct Payment {
  std::string payee_account;
  long amount_cents;
  std::string memo;
};

std::string hex_digest(const std::string &s);

static std::string make_key(const Payment &p) {
  return hex_digest(p.payee_account + "/" + std::to_string(p.amount_cents));
}

bool pay(httplib::Client &cli, const Payment &p, const std::string &json) {
  const std::string key = make_key(p);
  for (int attempt = 0; attempt < 4; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (auto res = cli.Post("/payments", h, json, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
