// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// After each failed attempt the client records the server's request id and
// the time in an error report (a field named request_id on a local error
// object, never sent); the key sent is the order's.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

struct ErrorReport {
  std::string request_id;
  long observed_at = 0;
  int status = 0;
};

void log_error(const ErrorReport &);

bool place(httplib::Client &cli, const std::string &order_id,
           const std::string &json) {
  httplib::Headers h = {{"Idempotency-Key", "order-" + order_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Post("/orders", h, json, "application/json");
    if (res && res->status != 502 && res->status != 504)
      return res->status == 201;
    ErrorReport rep;
    rep.request_id = res ? res->get_header_value("Request-Id")
                         : "attempt-" + std::to_string(attempt);
    rep.observed_at = time(nullptr);
    rep.status = res ? res->status : 0;
    log_error(rep);
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
