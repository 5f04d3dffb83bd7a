// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// A charge POST with no key, retried whenever no response came back (a
// timeout or a reset after the request was sent).
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

bool charge(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/charges", body, "application/json"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return false;
}
