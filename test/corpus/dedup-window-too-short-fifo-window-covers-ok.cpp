// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// The FIFO queue's 5-minute de-duplication window against a producer that
// retries 4 times with waits up to 8 s: covered.
#include <chrono>
#include <random>
#include <string>
#include <thread>

constexpr auto kFifoDeduplicationWindow = std::chrono::minutes(5);

extern "C" int fifo_send_message(const char *queue_url, const char *body,
                                 const char *deduplication_id);

bool enqueue_settlement(const std::string &settlement_id, const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (fifo_send_message("https://queue/settlements.fifo", body.c_str(),
                          settlement_id.c_str()) == 0)
      return true;
    long cap = 1000L << attempt;
    long hi = cap < 8000 ? cap : 8000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, hi)(rng)));
  }
  return false;
}
