// corpus: origin github:redpanda-data/redpanda src/v/utils/retry.h retry_with_backoff
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status
// The generic helper retries every exception up to max_retries with a
// backoff that doubles to a 300 s ceiling and has no jitter. A caller
// creates a topic through it: a timed-out create may have happened.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>

class exp_backoff_policy {
public:
  uint32_t next_backoff() {
    _current_backoff = std::min<uint32_t>(300, std::max<uint32_t>(1, _current_backoff) << 1);
    return _current_backoff;
  }

private:
  uint32_t _current_backoff = 0;
};

template <typename Func>
auto retry_with_backoff(int max_retries, Func &&f,
                        std::chrono::seconds base_backoff = std::chrono::seconds(1)) {
  exp_backoff_policy backoff_policy;
  int attempt = 0;
  while (true) {
    attempt++;
    try {
      return f();
    } catch (...) {
      if (attempt > max_retries)
        throw;
    }
    std::this_thread::sleep_for(base_backoff * backoff_policy.next_backoff());
  }
}

struct topic_result {
  int error_code;
};
struct admin_client {
  topic_result create_topic(const char *name, int partitions); // RPC, other TU
};

topic_result ensure_topic(admin_client &admin, const char *name) {
  return retry_with_backoff(3, [&] { return admin.create_topic(name, 16); });
}
