// corpus: origin github:redpanda-data/redpanda src/v/utils/retry_chain_node.cc retry_chain_node::retry
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff
// Cloud-storage uploads retry under a retry chain node: a deadline bounds
// the whole loop, and each wait is a jittered, growing backoff. There is no
// attempt counter; the deadline is the budget.
#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

class retry_chain_node {
  std::chrono::steady_clock::time_point _deadline;
  std::chrono::milliseconds _backoff;
  std::minstd_rand _rng{std::random_device{}()};

public:
  retry_chain_node(std::chrono::milliseconds timeout, std::chrono::milliseconds backoff)
      : _deadline(std::chrono::steady_clock::now() + timeout), _backoff(backoff) {}

  struct permit {
    bool is_allowed;
    std::chrono::milliseconds delay;
  };

  permit retry() {
    const auto now = std::chrono::steady_clock::now();
    if (now >= _deadline)
      return {false, std::chrono::milliseconds(0)};
    std::uniform_int_distribution<long> jitter(0, _backoff.count());
    auto delay = _backoff + std::chrono::milliseconds(jitter(_rng));
    _backoff = std::min(_backoff * 2, std::chrono::milliseconds(10000));
    return {true, delay};
  }
};

enum class upload_result { success, timed_out, failed };

upload_result put_segment(const char *bucket, const char *key); // HTTP PUT (other TU)

upload_result upload_segment(const char *bucket, const char *key) {
  retry_chain_node fib(std::chrono::seconds(30), std::chrono::milliseconds(100));
  while (true) {
    upload_result r = put_segment(bucket, key);
    if (r == upload_result::success)
      return r;
    auto permit = fib.retry();
    if (!permit.is_allowed)
      return upload_result::timed_out;
    std::this_thread::sleep_for(permit.delay);
  }
}
