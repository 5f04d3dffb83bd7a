// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// A key-building lambda hashes amount and description; the retried lambda
// sends it.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

template <class F> bool retry_n(int n, F f) {
  for (int i = 0; i < n; ++i) {
    if (f())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  return false;
}

bool expense(httplib::Client &cli, long cents, const std::string &description) {
  auto key_of = [](long c, const std::string &d) {
    return sha256_hex(std::to_string(c) + d);
  };
  const std::string key = key_of(cents, description);
  const std::string body = "{\"cents\":" + std::to_string(cents) + "}";
  int status = 0;
  const bool answered = retry_n(3, [&] {
    httplib::Headers h = {{"Idempotency-Key", key}};
    auto r = cli.Post("/expenses", h, body, "application/json");
    if (r)
      status = r->status;
    return static_cast<bool>(r);
  });
  return answered && status == 201;
}
