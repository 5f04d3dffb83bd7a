// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// The helper throws different types for transport failures and HTTP errors;
// the loop catches only the transport type, so no status is retried (and no
// 429/503 reaches the retry path, so no Retry-After is needed).
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

struct HttpError {
  int status;
};
struct TransportError {};

static std::string get_or_throw(httplib::Client &cli, const std::string &path) {
  auto res = cli.Get(path);
  if (!res)
    throw TransportError{};
  if (res->status != 200)
    throw HttpError{res->status};
  return res->body;
}

std::string fetch_feed(httplib::Client &cli, const std::string &feed) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 1;; ++attempt) {
    try {
      return get_or_throw(cli, "/feeds/" + feed);
    } catch (const TransportError &) {
      if (attempt == 3)
        throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(50, 100L << attempt)(rng)));
  }
}
