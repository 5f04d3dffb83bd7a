// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A gateway forwards the caller's Idempotency-Key to the payment provider
// and retries the forward; the key comes from the incoming request.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

void install_routes(httplib::Server &svr, httplib::Client &psp) {
  svr.Post("/pay", [&](const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    for (int attempt = 0; attempt < 3; ++attempt) {
      httplib::Headers h = {{"Idempotency-Key", key}};
      if (auto up = psp.Post("/charges", h, req.body, "application/json")) {
        res.status = up->status;
        res.set_content(up->body, "application/json");
        return;
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
    res.status = 502;
  });
}
