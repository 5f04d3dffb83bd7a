// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// A configuration struct sets the de-dup window to 1500 ms; the retry it
// configures makes 4 attempts with waits up to 1 s and a 2 s timeout each.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct RelayConfig {
  long dedup_window_ms = 1500;
  int max_attempts = 4;
  long max_backoff_ms = 1000;
  long attempt_timeout_ms = 2000;
};

extern "C" int relay_publish(const char *topic, const char *msg, const char *dedup_id,
                             long timeout_ms);
extern "C" void relay_set_dedup_window(long ms);

bool relay(const std::string &event_id, const std::string &msg) {
  const RelayConfig cfg;
  relay_set_dedup_window(cfg.dedup_window_ms);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (relay_publish("events", msg.c_str(), event_id.c_str(), 2000) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(500, 1000)(rng)));
  }
  return false;
}
