// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A wrapper from another translation unit, named with a mutating verb,
// retried when it reports failure.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

struct Invoice {
  std::string customer;
  long cents;
};

// Defined in mailer.cpp: POSTs the invoice to the billing provider.
bool SendInvoice(const Invoice &inv);

bool bill(const Invoice &inv) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (SendInvoice(inv))
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((500 << attempt) + rand() % 500));
  }
  return false;
}
