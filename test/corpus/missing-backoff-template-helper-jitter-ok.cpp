// corpus: origin written
// corpus: negative retry-missing-backoff retry-missing-budget
// A template retry helper whose wait is in its body, jittered, with a
// default of 3 attempts.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct RpcError {
  int code;
};

template <class F> auto with_retry(F f, int attempts = 3) -> decltype(f()) {
  std::minstd_rand rng(std::random_device{}());
  for (int i = 1;; ++i) {
    try {
      return f();
    } catch (const RpcError &) {
      if (i >= attempts)
        throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << i)(rng)));
  }
}

class InventoryClient {
public:
  int reserved(const std::string &sku); // remote call, throws RpcError
};

int reserved_units(InventoryClient &inv, const std::string &sku) {
  return with_retry([&] { return inv.reserved(sku); });
}
