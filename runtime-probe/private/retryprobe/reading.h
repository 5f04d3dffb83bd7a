// A reading: what one scenario (or one run against the user's own code)
// measured, next to its claim, and its one JSON shape. `retry-probe probe
// --json`, `classify`, `--baseline` and `retrylint explain` all use it.
#pragma once

#include "retryprobe/client.h"
#include "retryprobe/reconcile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace retryprobe {

// A number a scenario measures beyond the reconciliation (the jitter
// scenarios' peak load and time to recover), with its claim: exact, or a
// bound.
struct Figure {
  std::string name;  // "peak_retries_10ms", stable, for JSON and tests
  std::string label; // "peak retries in 10 ms", for tables
  long measured = 0;
  long claim = 0;
  std::string relation = "=="; // "==", "<=" or ">=": measured REL claim
  std::string unit;            // "", "ms"
  bool holds() const;
  std::string claim_text() const; // "== 50", "<= 10 ms"
};

struct Reading {
  std::string scenario;
  Reconciliation claim;
  Reconciliation measured;
  bool matches = false;
  double seconds = 0;
  std::vector<AttemptLog> attempts;      // sorted canonically
  std::vector<std::string> ledger_lines; // sorted canonically
  std::string error;                     // precondition failure / hang
  std::string error_kind; // "", "precondition", "unknown", "hang", "internal"
  std::vector<std::string> notes; // per-layer counts, torn lines, ...
  bool requests_at_least = false;
  std::vector<Figure> figures; // part of the claim: all must hold
  // Descriptive columns (from the scenario's definition), empty if unknown.
  std::string policy, key, fault, summary, demonstrates;
};

enum class ReadingDetail {
  full,   // with attempts, ledger lines and notes (probe --json, baselines)
  summary // claim, counts and verdict only (explain, SARIF evidence)
};

nlohmann::json to_json(const Reconciliation &r);
// {"scenario", "claim": {..., "requests_at_least"}, "measured", "matches",
//  "delivery", "seconds", "error", ["error_kind"], ["policy", "key", "fault",
//  "summary", "demonstrates"], ["figures": [{name, label, measured, claim,
//  relation, unit, holds}]], [full: "attempts", "ledger_lines", "notes"]}
nlohmann::json to_json(const Reading &r,
                       ReadingDetail detail = ReadingDetail::full);
// The deterministic part of a reading: everything but the timing, the
// descriptive text and, for windowed scenarios, the request count (replaced
// by the verdict).
nlohmann::json canonical_json(const Reading &r);
// The same for a reading as written by to_json (e.g. a --json baseline).
nlohmann::json canonical_json(const nlohmann::json &reading);

} // namespace retryprobe
