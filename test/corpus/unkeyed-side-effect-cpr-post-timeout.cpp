// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// cpr::Post of an order re-sent after a timeout, no key.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace cpr {
struct Url {
  Url(const char *);
};
struct Body {
  Body(const std::string &);
};
enum class ErrorCode { OK = 0, OPERATION_TIMEDOUT, CONNECTION_FAILURE };
struct Error {
  ErrorCode code;
};
struct Response {
  long status_code;
  Error error;
};
Response Post(const Url &, const Body &);
} // namespace cpr

long order(const std::string &json) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    cpr::Response r = cpr::Post(cpr::Url{"https://shop.example/orders"},
                                cpr::Body{json});
    if (r.error.code != cpr::ErrorCode::OPERATION_TIMEDOUT)
      return r.error.code == cpr::ErrorCode::OK ? r.status_code : -1;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((300 << attempt) + rand() % 300));
  }
  return -1;
}
