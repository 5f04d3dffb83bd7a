// corpus: origin written
// corpus: expect retry-missing-budget
// A reconnect loop that runs while the component is running: shutdown is
// not a budget, so during an outage it reconnects for ever.
#include <atomic>
#include <chrono>
#include <random>
#include <thread>

extern "C" int cloud_connect(const char *url); // returns a socket or -1

class CloudLink {
public:
  explicit CloudLink(const char *url) : url_(url) {}

  int connect() {
    std::minstd_rand rng(std::random_device{}());
    long cap = 500;
    while (running_.load()) {
      int fd = cloud_connect(url_);
      if (fd >= 0)
        return fd;
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::uniform_int_distribution<long>(cap / 2, cap)(rng)));
      if (cap < 30000)
        cap *= 2;
    }
    return -1;
  }

  void stop() { running_.store(false); }

private:
  const char *url_;
  std::atomic<bool> running_;
};
