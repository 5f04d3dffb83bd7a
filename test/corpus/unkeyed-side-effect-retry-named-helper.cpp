// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A helper called retry_with_backoff runs a lambda that POSTs a payment
// with no key.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

template <class F> httplib::Result retry_with_backoff(F &&f, int attempts = 3) {
  httplib::Result r = f();
  for (int i = 1; i < attempts && !r; ++i) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
    r = f();
  }
  return r;
}

int pay(httplib::Client &cli, const std::string &json) {
  auto r = retry_with_backoff(
      [&] { return cli.Post("/payments", json, "application/json"); });
  return r ? r->status : -1;
}
