// Agent and workflow runtimes that resume work from checkpoints. A run's
// planned side effects (the intent) are recorded in a SQLite checkpoint
// before they execute; after a crash a replay resumes the run from it, and
// a fork copies it under a new run id. What the checkpoint records decides
// whether the replay executes a side effect again.
#pragma once

#include "retryprobe/client.h"
#include "retryprobe/http.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace retryprobe {

enum class CheckpointKind {
  // Intent only: the run's actions, nothing about their outcomes. A worker
  // mints the idempotency key when the action executes (a call id), so a
  // replay sends a new one.
  intent_only,
  // Intent and fact: each intent row carries the key derived from (run id,
  // action type, action key), persisted before the first execution, and
  // each completed action leaves a fact (its result) under a uniqueness
  // constraint on the same triple.
  intent_and_fact
};

struct WorkflowAction {
  std::string type; // e.g. "charge"
  std::string key;  // the action's own key within the run, e.g. an order id
  long amount = 0;
};

// The business intent a side effect carries to the service: one per run
// and action key, so a fork is a new intent and a replay is not.
std::string workflow_intent(const std::string &run_id, const WorkflowAction &a);
// The idempotency key of an intent-and-fact checkpoint.
std::string workflow_key(const std::string &run_id, const WorkflowAction &a);
// The key an intent-only runtime mints per execution (what a fresh call id
// amounts to; derived, so readings repeat).
std::string execution_key(const std::string &run_id, const WorkflowAction &a,
                          int execution);

// A second fact for one (run id, action type, action key).
struct FactExists : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Opens (creating) the checkpoint file; throws std::runtime_error when it
// cannot. Every write is its own transaction with synchronous=FULL, so what
// a crashed worker wrote is what the next one reads.
class Checkpoint {
public:
  Checkpoint(const std::string &path, CheckpointKind kind);
  ~Checkpoint();
  Checkpoint(const Checkpoint &) = delete;
  Checkpoint &operator=(const Checkpoint &) = delete;

  CheckpointKind kind() const { return kind_; }
  // The run's planned actions, recorded before any of them executes.
  void record_intents(const std::string &run_id,
                      const std::vector<WorkflowAction> &actions);
  std::vector<WorkflowAction> intents(const std::string &run_id);
  // The persisted key (intent_and_fact), nullopt when none was recorded.
  std::optional<std::string> key(const std::string &run_id,
                                 const WorkflowAction &a);
  // The recorded result, nullopt when the action has no fact.
  std::optional<std::string> fact(const std::string &run_id,
                                  const WorkflowAction &a);
  // Throws FactExists when the triple already has a fact; std::logic_error
  // on an intent-only checkpoint (it has nowhere to keep one).
  void record_fact(const std::string &run_id, const WorkflowAction &a,
                   const std::string &result);
  int fact_count(const std::string &run_id);
  // Copies the intents of `from` under `to`, with keys derived from `to`;
  // facts stay with `from` (they describe its executions, not the fork's).
  void fork(const std::string &from, const std::string &to);

private:
  void exec(const char *sql);

  CheckpointKind kind_;
  sqlite3 *db_ = nullptr;
};

struct ResumeResult {
  int executed = 0; // side effects sent (and answered)
  int skipped = 0;  // actions with a fact: nothing sent
  bool crashed = false;
  std::string crashed_on; // the intent whose outcome was unknown
};

// One worker process of the runtime: it opens the checkpoint, runs every
// action of the run that has no fact, in order, as POST /charges, and
// records a fact for each answered one (intent_and_fact). A side effect
// that does not succeed (no reply, a timeout, an error status) stops it on
// the spot, as a process killed there would: the replay is the retry.
class WorkflowWorker {
public:
  WorkflowWorker(std::string checkpoint_path, CheckpointKind kind,
                 Endpoint service, int execution, const StopToken &stop);
  // Every request is appended to `log` (attempt = this execution's number).
  ResumeResult resume(const std::string &run_id, std::vector<AttemptLog> &log);

private:
  std::string path_;
  CheckpointKind kind_;
  Endpoint service_;
  int execution_;
  const StopToken &stop_;
};

} // namespace retryprobe
