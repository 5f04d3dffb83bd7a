// corpus: origin written
// corpus: negative retry-missing-budget retry-non-retryable-status
// A template retry helper with an attempt limit from the caller; the
// callable reports success only for transport-level success and treats any
// HTTP reply as final.
#include <chrono>
#include <httplib.h>
#include <random>
#include <string>
#include <thread>

template <class Op> bool attempt_until_ok(Op op, int limit) {
  std::minstd_rand rng(std::random_device{}());
  for (int n = 1;; ++n) {
    if (op())
      return true;
    if (n >= limit)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << n)(rng)));
  }
}

int register_instance(httplib::Client &registry, const std::string &self) {
  int status = 0;
  attempt_until_ok(
      [&] {
        auto res = registry.Put("/instances/" + self, httplib::Headers{}, "{}",
                                "application/json");
        if (!res)
          return false;
        status = res->status;
        return true;
      },
      4);
  return status;
}
