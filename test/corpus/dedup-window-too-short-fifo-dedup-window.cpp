// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// A FIFO queue de-duplicates on deduplication_id for 5 minutes
// (kFifoDeduplicationWindow); the producer re-sends the same id for up to
// 8 attempts with waits growing to 3 minutes.
#include <chrono>
#include <random>
#include <string>
#include <thread>

constexpr auto kFifoDeduplicationWindow = std::chrono::minutes(5);

extern "C" int fifo_send_message(const char *queue_url, const char *body,
                                 const char *deduplication_id);

bool enqueue_settlement(const std::string &settlement_id, const std::string &body) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (fifo_send_message("https://queue/settlements.fifo", body.c_str(),
                          settlement_id.c_str()) == 0)
      return true;
    long cap = 10000L << attempt;
    long hi = cap < 180000 ? cap : 180000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}
