// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// 408 and 425 are 4xx but retryable; no 429/503 is retried, so no
// Retry-After is required.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

int upload_chunk(httplib::Client &cli, const std::string &upload,
                 const std::string &chunk) {
  std::minstd_rand rng(std::random_device{}());
  int status = -1;
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto res = cli.Put("/uploads/" + upload, httplib::Headers{}, chunk,
                       "application/octet-stream");
    if (res) {
      status = res->status;
      if (status != 408 && status != 425)
        return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 150L << attempt)(rng)));
  }
  return status;
}
