// RUN: %check_retrylint %s retry-unkeyed-side-effect %t -- -- -I %S/Inputs/Headers
//
// Side effects re-issued by retry sites recognized by structure: the callee
// is a wrapper declared in another file whose name starts with a mutating
// verb.

#include <chrono>
#include <stdexcept>
#include <thread>

struct Payment {
  long amount_cents;
  const char *order_id;
};

// Defined in another file (they talk to the payment service).
bool submit_payment(const Payment &p);
bool submit_payment_keyed(const Payment &p, const char *idempotency_key);
bool get_balance(const char *account);

struct Ledger {
  virtual ~Ledger();
  virtual void append_entry(const Payment &p) = 0; // throws on failure
};

void pay_bad(const Payment &p) {
  for (int i = 0; i < 3; ++i) {
    if (submit_payment(p))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}re-sent after an ambiguous failure without an idempotency key
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << i));
  }
}

void record_bad(Ledger &ledger, const Payment &p) {
  for (int i = 0; i < 3; ++i) {
    try {
      ledger.append_entry(p);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}re-sent after an ambiguous failure without an idempotency key
      return;
    } catch (const std::runtime_error &) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << i));
    }
  }
}

// A retry helper by behaviour (its name says nothing): the side effect is
// the callable handed to it.
template <class Op> auto keep_calling(Op op, int limit) {
  for (int n = 1;; ++n) {
    try {
      return op();
    } catch (const std::runtime_error &) {
      if (n >= limit)
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << n));
    }
  }
}

void pay_through_helper_bad(const Payment &p) {
  keep_calling([&] { return submit_payment(p); }, 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: {{.*}}re-sent after an ambiguous failure without an idempotency key
}

// A helper that tests the callable's result for truth: in the template the
// result's type is still dependent (`if (op()) return true;`).
template <class Op> bool until_true(Op op, int limit) {
  for (int n = 0; n < limit; ++n) {
    if (op())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << n));
  }
  return false;
}

void pay_until_true_bad(const Payment &p) {
  until_true([&] { return submit_payment(p); }, 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: {{.*}}re-sent after an ambiguous failure without an idempotency key
}

// --- near-misses that must stay silent ---

void balance_until_true_ok(const char *account) {
  until_true([&] { return get_balance(account); }, 3);
}

void balance_through_helper_ok(const char *account) {
  keep_calling([&] { return get_balance(account); }, 3);
}

// The callee takes the key: a parameter named like a key sink.
void pay_keyed_ok(const Payment &p) {
  for (int i = 0; i < 3; ++i) {
    if (submit_payment_keyed(p, p.order_id))
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << i));
  }
}

// A read: retrying it changes nothing.
bool balance_ok(const char *account) {
  for (int i = 0; i < 3; ++i) {
    if (get_balance(account))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << i));
  }
  return false;
}

// Which exceptions go back is decided by a test of the caught exception that
// the check cannot read (a label the server sets): whether the entry may
// have been written is unknown, so nothing is reported.
struct LabelledError : std::runtime_error {
  using std::runtime_error::runtime_error;
  bool has_label(const char *label) const;
};

void record_on_transient_label_ok(Ledger &ledger, const Payment &p) {
  for (int i = 0; i < 3; ++i) {
    try {
      ledger.append_entry(p);
      return;
    } catch (const LabelledError &e) {
      if (e.has_label("TransientTransactionError")) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100 << i));
        continue;
      }
      throw;
    }
  }
}

// The same filter in a helper's own loop: the call that hands it the
// payment is not reported either.
template <class Op> void run_transaction(Op op) {
  for (int n = 0; n < 3; ++n) {
    try {
      op();
      return;
    } catch (const LabelledError &e) {
      if (!e.has_label("TransientTransactionError"))
        throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << n));
    }
  }
}

void pay_in_transaction_ok(const Payment &p) {
  run_transaction([&] { submit_payment(p); });
}
