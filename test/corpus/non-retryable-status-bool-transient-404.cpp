// corpus: origin written
// corpus: expect retry-non-retryable-status
// A catalogue client that treats "not found yet" as transient: 404 is in the
// retried set through a local bool, the rest of the retry is correct.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

namespace catalog {

static std::minstd_rand rng(std::random_device{}());

static long retry_after_ms(const httplib::Response &res) {
  std::string v = res.get_header_value("Retry-After");
  long secs = 0;
  for (const char *p = v.c_str(); *p >= '0' && *p <= '9'; ++p)
    secs = secs * 10 + (*p - '0');
  return secs * 1000;
}

static void pause(int attempt, long hint_ms) {
  long cap = 200L << attempt;
  if (cap > 5000)
    cap = 5000;
  long ms = std::uniform_int_distribution<long>(0, cap)(rng);
  if (hint_ms > ms)
    ms = hint_ms;
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

bool load_sku(httplib::Client &cli, const std::string &sku, std::string &out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto r = cli.Get("/v2/sku/" + sku);
    if (r && r->status == 200) {
      out = r->body;
      return true;
    }
    const bool transient = !r || r->status == 404 || r->status == 429 ||
                           r->status >= 500;
    if (!transient)
      return false;
    pause(attempt, r ? retry_after_ms(*r) : 0);
  }
  return false;
}

} // namespace catalog
