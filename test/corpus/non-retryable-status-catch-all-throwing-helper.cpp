// corpus: origin written
// corpus: expect retry-non-retryable-status
// A same-TU helper throws on every status >= 400; the loop's catch (...)
// goes back for all of them, 400/401/403/404 included.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

struct HttpStatusError {
  int status;
  long retry_after_ms;
};
struct NetworkError {};

static long retry_after(const httplib::Response &r) {
  std::string v = r.get_header_value("Retry-After");
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s * 1000;
}

static std::string checked_get(httplib::Client &cli, const std::string &path) {
  auto res = cli.Get(path);
  if (!res)
    throw NetworkError{};
  if (res->status >= 400)
    throw HttpStatusError{res->status, retry_after(*res)};
  return res->body;
}

std::string fetch_report(httplib::Client &cli, const std::string &id) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0;; ++attempt) {
    long hint = 0;
    try {
      return checked_get(cli, "/reports/" + id);
    } catch (const HttpStatusError &e) {
      hint = e.retry_after_ms;
      if (attempt >= 3)
        throw;
    } catch (...) {
      if (attempt >= 3)
        throw;
    }
    long ms = std::uniform_int_distribution<long>(0, 100L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(hint > ms ? hint : ms));
  }
}
