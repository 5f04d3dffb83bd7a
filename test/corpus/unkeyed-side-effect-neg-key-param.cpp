// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// The callee takes an idempotency_key parameter; the loop passes the
// order's key, so every attempt is keyed.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

struct Order {
  std::string order_id;
  long cents;
};

// Implemented by the payments SDK (another library).
bool CreatePayment(long cents, const std::string &idempotency_key);

bool pay(const Order &o) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (CreatePayment(o.cents, "pay-" + o.order_id))
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((300 << attempt) + rand() % 300));
  }
  return false;
}
