// Jepsen-style reconciliation of the authoritative ledger against the
// intents the client meant to charge.
#pragma once

#include "retryprobe/ledger.h"

#include <string>
#include <vector>

namespace retryprobe {

struct Reconciliation {
  int requests = 0, committed = 0, distinct_intents = 0, duplicates = 0,
      lost = 0;
};

bool operator==(const Reconciliation &a, const Reconciliation &b);
inline bool operator!=(const Reconciliation &a, const Reconciliation &b) {
  return !(a == b);
}
std::string to_string(const Reconciliation &r); // "6/6/3/3/0"

// committed = ledger rows; distinct_intents = intents with >= 1 row;
// duplicates = sum over intents of max(0, n - 1); lost = expected intents
// with no row. `requests` is copied through (the service counts arrivals).
Reconciliation reconcile(const std::vector<LedgerEntry> &ledger,
                         const std::vector<std::string> &expected_intents,
                         int requests);

// What a reconciliation says about delivery semantics: exactly-once,
// duplicates, lost or duplicates+lost.
std::string delivery_label(const Reconciliation &r);

// Every field equal, except `requests`, which is a lower bound when
// `requests_at_least` (a count taken over a time window).
bool claim_matches(const Reconciliation &claim, const Reconciliation &measured,
                   bool requests_at_least);

} // namespace retryprobe
