// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// cpr: the key is a random number drawn per attempt.
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <utility>

namespace cpr {
struct Url {
  Url(const char *);
};
struct Body {
  Body(const std::string &);
};
struct Header {
  Header(std::initializer_list<std::pair<const std::string, std::string>>);
};
enum class ErrorCode { OK = 0, OPERATION_TIMEDOUT, CONNECTION_FAILURE };
struct Error {
  ErrorCode code;
};
struct Response {
  long status_code;
  Error error;
};
Response Post(const Url &, const Header &, const Body &);
} // namespace cpr

long send_gift_card(const std::string &json) {
  std::random_device rd;
  for (int attempt = 0; attempt < 3; ++attempt) {
    cpr::Response r = cpr::Post(
        cpr::Url{"https://gifts.example/cards"},
        cpr::Header{{"Idempotency-Key", std::to_string((unsigned long)rd())}},
        cpr::Body{json});
    if (r.error.code == cpr::ErrorCode::OK)
      return r.status_code;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return -1;
}
