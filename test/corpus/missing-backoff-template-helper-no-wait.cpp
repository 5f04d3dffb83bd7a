// corpus: origin written
// corpus: expect retry-missing-backoff
// A template retry helper that re-invokes at once after an exception.
#include <string>

struct RpcError {
  int code;
};

template <class F> auto with_retry(F f, int attempts = 3) -> decltype(f()) {
  for (int i = 1;; ++i) {
    try {
      return f();
    } catch (const RpcError &) {
      if (i >= attempts)
        throw;
    }
  }
}

class InventoryClient {
public:
  int reserved(const std::string &sku); // remote call, throws RpcError
};

int reserved_units(InventoryClient &inv, const std::string &sku) {
  return with_retry([&] { return inv.reserved(sku); });
}
