// corpus: origin written
// corpus: expect retry-non-retryable-status
// A same-TU wrapper folds the reply into a struct; the caller retries every
// reply that is not ok, which includes every 4xx.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

struct FetchResult {
  bool ok;
  int status;
  long retry_after_ms;
  std::string body;
};

static long parse_seconds(const std::string &v) {
  long s = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    s = s * 10 + (*p - '0');
  return s;
}

static FetchResult get_invoice(httplib::Client &cli, const std::string &id) {
  FetchResult fr{false, 0, 0, std::string()};
  auto res = cli.Get("/invoices/" + id);
  if (!res)
    return fr;
  fr.status = res->status;
  fr.ok = res->status >= 200 && res->status < 300;
  fr.retry_after_ms = parse_seconds(res->get_header_value("Retry-After")) * 1000;
  fr.body = res->body;
  return fr;
}

class InvoiceReader {
public:
  explicit InvoiceReader(httplib::Client &c) : cli_(c), rng_(std::random_device{}()) {}

  bool read(const std::string &id, std::string &out) {
    for (int attempt = 1; attempt <= 4; ++attempt) {
      FetchResult fr = get_invoice(cli_, id);
      if (fr.ok) {
        out = fr.body;
        return true;
      }
      long cap = 250L << attempt;
      long ms = std::uniform_int_distribution<long>(0, cap > 4000 ? 4000 : cap)(rng_);
      if (fr.retry_after_ms > ms)
        ms = fr.retry_after_ms;
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    }
    return false;
  }

private:
  httplib::Client &cli_;
  std::minstd_rand rng_;
};
