#include "retryprobe/workflow.h"

#include "retryprobe/intent_key.h"
#include "retryprobe/outcome.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

namespace retryprobe {

std::string workflow_intent(const std::string &run_id,
                            const WorkflowAction &a) {
  return run_id + "/" + a.key;
}

std::string workflow_key(const std::string &run_id, const WorkflowAction &a) {
  return intent_key(
      nlohmann::json{{"run", run_id}, {"action", a.type}, {"key", a.key}});
}

std::string execution_key(const std::string &run_id, const WorkflowAction &a,
                          int execution) {
  return intent_key(nlohmann::json{{"run", run_id},
                                   {"action", a.type},
                                   {"key", a.key},
                                   {"call", execution}});
}

namespace {

struct Stmt {
  sqlite3_stmt *s = nullptr;
  Stmt(sqlite3 *db, const char *sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("checkpoint: ") +
                               sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(s); }
  Stmt &text(int i, const std::string &v) {
    sqlite3_bind_text(s, i, v.c_str(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  std::string column(int c) const {
    const unsigned char *t = sqlite3_column_text(s, c);
    return t ? reinterpret_cast<const char *>(t) : "";
  }
};

} // namespace

Checkpoint::Checkpoint(const std::string &path, CheckpointKind kind)
    : kind_(kind) {
  if (sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      nullptr) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot open checkpoint " + path + ": " + msg);
  }
  try {
    exec("PRAGMA synchronous=FULL");
    // `seq` keeps the run's order; `idem_key` stays NULL in an intent-only
    // checkpoint.
    exec("CREATE TABLE IF NOT EXISTS intents(seq INTEGER PRIMARY KEY "
         "AUTOINCREMENT, run_id TEXT NOT NULL, action_type TEXT NOT NULL, "
         "action_key TEXT NOT NULL, amount INTEGER NOT NULL, idem_key TEXT, "
         "UNIQUE(run_id, action_type, action_key))");
    exec("CREATE TABLE IF NOT EXISTS facts(run_id TEXT NOT NULL, action_type "
         "TEXT NOT NULL, action_key TEXT NOT NULL, result TEXT NOT NULL, "
         "UNIQUE(run_id, action_type, action_key))");
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

Checkpoint::~Checkpoint() { sqlite3_close(db_); }

void Checkpoint::exec(const char *sql) {
  char *err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "?";
    sqlite3_free(err);
    throw std::runtime_error(std::string("checkpoint: ") + sql + ": " + msg);
  }
}

void Checkpoint::record_intents(const std::string &run_id,
                                const std::vector<WorkflowAction> &actions) {
  exec("BEGIN IMMEDIATE");
  try {
    for (const auto &a : actions) {
      Stmt st(db_, "INSERT INTO intents(run_id, action_type, action_key, "
                   "amount, idem_key) VALUES (?1, ?2, ?3, ?4, ?5)");
      st.text(1, run_id).text(2, a.type).text(3, a.key);
      sqlite3_bind_int64(st.s, 4, a.amount);
      if (kind_ == CheckpointKind::intent_and_fact)
        st.text(5, workflow_key(run_id, a));
      if (sqlite3_step(st.s) != SQLITE_DONE)
        throw std::runtime_error(std::string("checkpoint: intent: ") +
                                 sqlite3_errmsg(db_));
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<WorkflowAction> Checkpoint::intents(const std::string &run_id) {
  Stmt st(db_, "SELECT action_type, action_key, amount FROM intents WHERE "
               "run_id = ?1 ORDER BY seq");
  st.text(1, run_id);
  std::vector<WorkflowAction> out;
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out.push_back(
        WorkflowAction{st.column(0), st.column(1),
                       static_cast<long>(sqlite3_column_int64(st.s, 2))});
  return out;
}

std::optional<std::string> Checkpoint::key(const std::string &run_id,
                                           const WorkflowAction &a) {
  Stmt st(db_, "SELECT idem_key FROM intents WHERE run_id = ?1 AND "
               "action_type = ?2 AND action_key = ?3 AND idem_key IS NOT NULL");
  st.text(1, run_id).text(2, a.type).text(3, a.key);
  if (sqlite3_step(st.s) == SQLITE_ROW)
    return st.column(0);
  return std::nullopt;
}

std::optional<std::string> Checkpoint::fact(const std::string &run_id,
                                            const WorkflowAction &a) {
  Stmt st(db_, "SELECT result FROM facts WHERE run_id = ?1 AND action_type = "
               "?2 AND action_key = ?3");
  st.text(1, run_id).text(2, a.type).text(3, a.key);
  if (sqlite3_step(st.s) == SQLITE_ROW)
    return st.column(0);
  return std::nullopt;
}

void Checkpoint::record_fact(const std::string &run_id, const WorkflowAction &a,
                             const std::string &result) {
  if (kind_ != CheckpointKind::intent_and_fact)
    throw std::logic_error("an intent-only checkpoint records no facts");
  Stmt st(db_, "INSERT INTO facts(run_id, action_type, action_key, result) "
               "VALUES (?1, ?2, ?3, ?4)");
  st.text(1, run_id).text(2, a.type).text(3, a.key).text(4, result);
  int rc = sqlite3_step(st.s);
  if (rc == SQLITE_CONSTRAINT)
    throw FactExists("checkpoint: a fact for " + run_id + " " + a.type + " " +
                     a.key + " already exists");
  if (rc != SQLITE_DONE)
    throw std::runtime_error(std::string("checkpoint: fact: ") +
                             sqlite3_errmsg(db_));
}

int Checkpoint::fact_count(const std::string &run_id) {
  Stmt st(db_, "SELECT COUNT(*) FROM facts WHERE run_id = ?1");
  st.text(1, run_id);
  sqlite3_step(st.s);
  return static_cast<int>(sqlite3_column_int64(st.s, 0));
}

void Checkpoint::fork(const std::string &from, const std::string &to) {
  record_intents(to, intents(from));
}

// Only a hung service reaches it: the crash a replay recovers from is a
// lost reply, and a slow reply on a loaded machine must not become one.
constexpr std::chrono::milliseconds kCallTimeout{10000};

WorkflowWorker::WorkflowWorker(std::string checkpoint_path, CheckpointKind kind,
                               Endpoint service, int execution,
                               const StopToken &stop)
    : path_(std::move(checkpoint_path)), kind_(kind), service_(service),
      execution_(execution), stop_(stop) {}

ResumeResult WorkflowWorker::resume(const std::string &run_id,
                                    std::vector<AttemptLog> &log) {
  Checkpoint cp(path_, kind_);
  ResumeResult r;
  for (const WorkflowAction &a : cp.intents(run_id)) {
    if (stop_.stop_requested())
      break;
    if (cp.fact(run_id, a)) {
      ++r.skipped;
      continue;
    }
    std::string intent = workflow_intent(run_id, a);
    std::optional<std::string> key = cp.key(run_id, a);
    std::string k = key ? *key : execution_key(run_id, a, execution_);
    HttpResult res = http_call(
        service_, "POST", "/charges",
        nlohmann::json{{"intent", intent}, {"amount", a.amount}}.dump(),
        {{"Idempotency-Key", k}}, kCallTimeout);
    log.push_back({intent, execution_, res.status, res.kind,
                   res.header("idempotent-replayed") == "true", "POST"});
    if (classify_outcome(res.status, res.kind, res.sent) !=
        RetryClass::success) {
      r.crashed = true;
      r.crashed_on = intent;
      return r;
    }
    ++r.executed;
    if (kind_ == CheckpointKind::intent_and_fact) {
      auto j = nlohmann::json::parse(res.body, nullptr, false);
      cp.record_fact(run_id, a,
                     j.is_object() ? j.value("receipt", "") : res.body);
    }
  }
  return r;
}

} // namespace retryprobe
