// corpus: origin written
// corpus: expect retry-missing-backoff
// Every 5xx is retried, 503 included, with jitter but without reading
// Retry-After.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

bool put_blob(httplib::Client &cli, const std::string &key, const std::string &data) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto res = cli.Put("/blobs/" + key, httplib::Headers{}, data,
                       "application/octet-stream");
    if (res && res->status < 500)
      return res->status / 100 == 2;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 400L << attempt)(rng)));
  }
  return false;
}
