// corpus: origin written
// corpus: expect retry-non-retryable-status
// A same-TU wrapper returns null for every reply that is not 2xx; the caller
// retries on null, so 4xx replies are retried like transport failures.
#include <chrono>
#include <httplib.h>
#include <memory>
#include <random>
#include <string>
#include <thread>

struct Quote {
  std::string body;
  long retry_after_ms;
};

static long last_retry_after_ms = 0;

static std::unique_ptr<Quote> fetch_quote(httplib::Client &cli,
                                          const std::string &symbol) {
  last_retry_after_ms = 0;
  auto res = cli.Get("/quotes/" + symbol);
  if (!res)
    return std::unique_ptr<Quote>();
  if (res->status < 200 || res->status >= 300) {
    std::string v = res->get_header_value("Retry-After");
    for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
      last_retry_after_ms = last_retry_after_ms * 10 + (*p - '0');
    last_retry_after_ms *= 1000;
    return std::unique_ptr<Quote>();
  }
  auto q = std::make_unique<Quote>();
  q->body = res->body;
  return q;
}

std::unique_ptr<Quote> quote_with_retry(httplib::Client &cli,
                                        const std::string &symbol) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto q = fetch_quote(cli, symbol))
      return q;
    long ms = std::uniform_int_distribution<long>(0, 500L << attempt)(rng);
    if (last_retry_after_ms > ms)
      ms = last_retry_after_ms;
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
  return std::unique_ptr<Quote>();
}
