// corpus: origin written
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: a call on a project or SDK client class that is not a known library, named with a mutating verb (CreateVolume, SendInvoice, EnqueueJob, InsertRecord, SendSms, CreateReservation), is not a side effect
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
