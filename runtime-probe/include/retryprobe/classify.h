// Classification of single outcomes (is a retry safe?) and of whole
// readings (does a measurement match its claim, and what went wrong).
#pragma once

#include "retryprobe/reconcile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace retryprobe {

enum class RetryClass {
  success,   // 2xx
  safe,      // server says nothing was done: 408/425/429/503, not sent
  ambiguous, // may have committed: 500/502/504, timeout, reset after send
  final      // other 4xx: will never succeed on retry
};

const char *retry_class_name(RetryClass c);
// `sent` = the request was fully written before the failure.
RetryClass classify_outcome(int status, const std::string &kind, bool sent);

// What a reconciliation says about delivery semantics.
std::string delivery_label(const Reconciliation &r); // exactly-once, ...

struct Judgement {
  std::string scenario;
  Reconciliation claim, measured;
  bool requests_at_least = false;
  bool matches = false;
  std::string label;   // delivery_label(measured)
  std::string problem; // non-empty when the reading could not be judged
};

bool claim_matches(const Reconciliation &claim, const Reconciliation &measured,
                   bool requests_at_least);

// Judges readings as written by `retry-probe probe --json` (an object with
// "readings", or a bare array). A reading may carry "measured" or raw
// "ledger" rows plus "expected_intents" and "requests"; without "claim" the
// built-in scenario of that name supplies it. Throws std::runtime_error with
// a one-line message on malformed input.
std::vector<Judgement> judge_readings(const nlohmann::json &doc);

} // namespace retryprobe
