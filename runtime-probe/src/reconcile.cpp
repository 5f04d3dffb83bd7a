#include "retryprobe/reconcile.h"

#include <map>

namespace retryprobe {

bool operator==(const Reconciliation &a, const Reconciliation &b) {
  return a.requests == b.requests && a.committed == b.committed &&
         a.distinct_intents == b.distinct_intents &&
         a.duplicates == b.duplicates && a.lost == b.lost;
}

std::string to_string(const Reconciliation &r) {
  return std::to_string(r.requests) + "/" + std::to_string(r.committed) + "/" +
         std::to_string(r.distinct_intents) + "/" +
         std::to_string(r.duplicates) + "/" + std::to_string(r.lost);
}

Reconciliation reconcile(const std::vector<LedgerEntry> &ledger,
                         const std::vector<std::string> &expected_intents,
                         int requests) {
  std::map<std::string, int> count;
  for (const auto &e : ledger)
    ++count[e.intent];
  Reconciliation r;
  r.requests = requests;
  r.committed = static_cast<int>(ledger.size());
  r.distinct_intents = static_cast<int>(count.size());
  for (const auto &kv : count)
    r.duplicates += kv.second > 1 ? kv.second - 1 : 0;
  std::map<std::string, bool> seen;
  for (const auto &intent : expected_intents) {
    if (seen[intent])
      continue; // an intent listed twice is still one intent
    seen[intent] = true;
    if (count.find(intent) == count.end())
      ++r.lost;
  }
  return r;
}

std::string delivery_label(const Reconciliation &r) {
  if (r.duplicates > 0 && r.lost > 0)
    return "duplicates+lost";
  if (r.duplicates > 0)
    return "duplicates";
  if (r.lost > 0)
    return "lost";
  return "exactly-once";
}

bool claim_matches(const Reconciliation &claim, const Reconciliation &measured,
                   bool requests_at_least) {
  bool requests_ok = requests_at_least ? measured.requests >= claim.requests
                                       : measured.requests == claim.requests;
  return requests_ok && measured.committed == claim.committed &&
         measured.distinct_intents == claim.distinct_intents &&
         measured.duplicates == claim.duplicates && measured.lost == claim.lost;
}

} // namespace retryprobe
