// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The retried set is computed into a local bool (transport failure, 502,
// 504); neither 429 nor 503 is retried, so no Retry-After is needed.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

static std::minstd_rand rng(std::random_device{}());

static void backoff(int attempt) {
  long cap = 100L << attempt;
  if (cap > 3000)
    cap = 3000;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

int fetch_profile(httplib::Client &cli, const std::string &user,
                  std::string &body) {
  int last = 0;
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto r = cli.Get("/users/" + user + "/profile");
    last = r ? r->status : -1;
    if (last == 200) {
      body = r->body;
      return 200;
    }
    const bool transient = !r || r->status == 502 || r->status == 504;
    if (!transient)
      return last;
    backoff(attempt);
  }
  return last;
}
