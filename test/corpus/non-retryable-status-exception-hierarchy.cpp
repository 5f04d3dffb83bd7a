// corpus: origin written
// corpus: expect retry-non-retryable-status
// The helper throws ClientError for 4xx and ServerError for 5xx, both
// derived from ApiError; the loop catches the base class, so 4xx replies
// are retried too.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

struct ApiError {
  int status;
  long retry_after_ms;
};
struct ClientError : ApiError {};
struct ServerError : ApiError {};

static long ra(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

static std::string call(httplib::Client &cli, const std::string &path) {
  auto res = cli.Get(path);
  if (!res)
    throw ServerError{{0, 0}};
  if (res->status >= 500)
    throw ServerError{{res->status, ra(*res)}};
  if (res->status >= 400)
    throw ClientError{{res->status, ra(*res)}};
  return res->body;
}

std::string account_balance(httplib::Client &cli, const std::string &account) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 1;; ++attempt) {
    try {
      return call(cli, "/accounts/" + account + "/balance");
    } catch (const ApiError &e) {
      if (attempt == 3)
        throw;
      long ms = std::uniform_int_distribution<long>(0, 100L << attempt)(rng);
      std::this_thread::sleep_for(
          std::chrono::milliseconds(e.retry_after_ms > ms ? e.retry_after_ms : ms));
    }
  }
}
