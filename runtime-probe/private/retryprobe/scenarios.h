// Scenarios: a service with a de-dup policy, a fault, a retrying client,
// intents, and a claim (the expected reconciliation). Running one yields a
// Reading measured on real loopback sockets and a real ledger.
#pragma once

#include "retryprobe/reading.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace retryprobe {

struct ScenarioInfo {
  std::string name;
  std::string summary;
  Reconciliation claim;
  // Table columns, as in docs/probe.md.
  std::string policy, key, fault;
  bool core = false; // one of the ten reference scenarios
  // The claim's `requests` is a lower bound (requests counted during a
  // fixed time window depend on machine speed); all other fields are exact.
  bool requests_at_least = false;
  std::string demonstrates; // what the reading shows, one sentence
};

struct RunOptions {
  std::string work_dir; // empty = mkdtemp under $TMPDIR (removed afterwards)
};

std::vector<ScenarioInfo> list_scenarios();
std::optional<ScenarioInfo> find_scenario(const std::string &name);
// Never throws; `error` is filled when a precondition fails or the
// scenario overruns its deadline.
Reading run_scenario(const std::string &name, const RunOptions &opts);
// Runs the scenarios concurrently (each has its own service and ledger),
// except CPU-bound ones (unbounded_outage), which run afterwards; results
// come back in the order of `names`.
std::vector<Reading> run_scenarios(const std::vector<std::string> &names,
                                   const RunOptions &opts);

// Pure-logic checks (no sockets). Returns the number of failures, writing
// one line per check to `out`.
int run_selftest(std::string &out);

} // namespace retryprobe
