// Judging readings against claims: a file of readings (ours or a user's
// harness's) in, one verdict per reading out. Sits above the scenarios,
// which supply the built-in claims.
#pragma once

#include "retryprobe/reconcile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace retryprobe {

struct Judgement {
  std::string scenario;
  Reconciliation claim, measured;
  bool requests_at_least = false;
  bool matches = false;
  std::string label;   // delivery_label(measured)
  std::string problem; // non-empty when the reading could not be judged
  std::vector<std::string> notes; // e.g. a torn last ledger line
};

// Judges readings as written by `retry-probe probe --json` (an object with
// "readings", or a bare array). A reading may carry "measured" or raw
// "ledger" rows (or JSONL text, or a "ledger_file" relative to `base_dir`)
// plus "expected_intents" and "requests"; without "claim" the built-in
// scenario of that name supplies it. A torn last ledger line is not counted
// and is reported in `notes`. Throws std::runtime_error with a one-line
// message on malformed input.
// What a reader must say about a ledger's unreadable lines (a torn last
// line, malformed lines before it): appended to `notes`, never dropped.
void note_ledger(const LedgerRead &lr, std::vector<std::string> &notes);

std::vector<Judgement> judge_readings(const nlohmann::json &doc,
                                      const std::string &base_dir = "");

} // namespace retryprobe
