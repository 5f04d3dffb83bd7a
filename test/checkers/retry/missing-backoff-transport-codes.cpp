// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// cpr names its transport failures in `r.error.code`: a loop that retries
// only on those never sees a 429 or 503, so it owes no Retry-After.

#include <chrono>
#include <stdio.h>
#include <string>
#include <thread>

namespace cpr {
struct Url {
  Url(const char *);
};
struct Body {
  Body(const std::string &);
};
enum class ErrorCode { OK = 0, CONNECTION_FAILURE, OPERATION_TIMEDOUT };
struct Error {
  ErrorCode code;
};
struct Response {
  long status_code;
  Error error;
};
Response Put(const Url &, const Body &);
} // namespace cpr

static void pause(int attempt) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds((300 << attempt) + rand() % 300));
}

long put_until_200_bad(const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    cpr::Response r = cpr::Put(cpr::Url{"https://cfg.example/v1"}, cpr::Body{json});
    if (r.error.code == cpr::ErrorCode::OK && r.status_code == 200)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path for HTTP 429 and 503 ignores the Retry-After header
      return r.status_code;
    pause(attempt);
  }
  return -1;
}

// --- near-misses that must stay silent ---

long put_on_timeout_ok(const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    cpr::Response r = cpr::Put(cpr::Url{"https://cfg.example/v1"}, cpr::Body{json});
    if (r.error.code != cpr::ErrorCode::OPERATION_TIMEDOUT)
      return r.error.code == cpr::ErrorCode::OK ? r.status_code : -1;
    pause(attempt);
  }
  return -1;
}

long put_on_transport_error_ok(const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    cpr::Response r = cpr::Put(cpr::Url{"https://cfg.example/v1"}, cpr::Body{json});
    if (r.error.code == cpr::ErrorCode::OK)
      return r.status_code;
    pause(attempt);
  }
  return -1;
}
