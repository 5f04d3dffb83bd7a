// corpus: origin github:redpanda-data/redpanda src/v/transform/rpc/client.cc retry_with_backoff
// corpus: real-headers
// corpus: fixme-fn retry-missing-budget FIXME: a retry helper taking the operation as a std::function/template callable is not analysed: its cap and waits are not carried to the call site; a catch that continues once the counter is past the cap is not seen as unbounded
// corpus: fixme-fn retry-missing-backoff FIXME: a retry helper taking the operation as a std::function/template callable is not analysed: its cap and waits are not carried to the call site (template over Func; doubling wait, no jitter)
// corpus: negative retry-non-retryable-status
// A retry helper over a callable: error codes are retried up to the cap,
// but the exception branch is inverted: it rethrows while attempts remain
// and CONTINUES once they are used up, so a call that keeps throwing is
// retried forever. The backoff doubles with no jitter.
#include <algorithm>
#include <chrono>
#include <thread>

enum class errc { success, not_leader, timeout, other };

struct produce_reply {
  errc ec;
};

constexpr int max_client_retries = 5;

template <typename Func> auto retry_with_backoff(Func func) {
  std::chrono::milliseconds backoff(100);
  const std::chrono::milliseconds max_backoff = backoff * max_client_retries;
  int attempts = 0;
  while (true) {
    ++attempts;
    std::this_thread::sleep_for(backoff);
    backoff = std::min(max_backoff, backoff * 2);
    decltype(func()) r;
    try {
      r = func();
    } catch (...) {
      if (attempts < max_client_retries)
        throw;
      continue;
    }
    switch (r.ec) {
    case errc::not_leader:
    case errc::timeout:
      if (attempts >= max_client_retries)
        return r;
      break;
    default:
      return r;
    }
  }
}

struct partition_client {
  produce_reply produce_once(int partition, const char *batch); // RPC, other TU
};

produce_reply produce(partition_client &c, int partition, const char *batch) {
  return retry_with_backoff([&] { return c.produce_once(partition, batch); });
}
