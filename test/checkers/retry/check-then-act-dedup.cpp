// RUN: %check_retrylint %s retry-check-then-act-dedup %t -- -- -I %S/Inputs/Headers

#include <atomic>
#include <chrono>
#include <cstdio>
#include <hiredis/hiredis.h>
#include <httplib.h>
#include <libpq-fe.h>
#include <mutex>
#include <shared_mutex>
#include <sqlite3.h>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>

struct Receipt {
  std::string id;
  long amount;
};

Receipt charge_card(httplib::Client &cli, const std::string &body) {
  auto res = cli.Post("/v1/charges", body, "application/json");
  return Receipt{res ? res->body : "", 0};
}

// --- containers without a common lock scope ---------------------------------

class RacyNoLock {
  std::unordered_set<std::string> seen_;
  httplib::Client cli_{"psp"};

public:
  bool handle_bad(const std::string &key, const std::string &body) {
    if (seen_.count(key))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'seen_' are not one atomic step (no lock covers both): two concurrent duplicates can both miss the look-up and both execute [retry-check-then-act-dedup]
      return false;
    charge_card(cli_, body);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'charge_card' blocks between the look-up and the record, widening the window in which a duplicate gets through
    seen_.insert(key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key here
    return true;
  }
};

class TwoScopes {
  std::mutex mu_;
  std::unordered_map<std::string, Receipt> processed_;
  httplib::Client cli_{"psp"};

public:
  Receipt handle_bad(const std::string &key, const std::string &body) {
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = processed_.find(key);
      // CHECK-NOTES: :[[@LINE-1]]:17: warning: look-up and record of the idempotency key in 'processed_' are not one atomic step (they hold two separate lock scopes on 'mu_'): two concurrent duplicates
      if (it != processed_.end())
        return it->second;
    }
    Receipt r = charge_card(cli_, body);
    // CHECK-NOTES: :[[@LINE-1]]:17: note: 'charge_card' blocks between the look-up and the record
    std::lock_guard<std::mutex> g(mu_);
    processed_.emplace(key, r);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'emplace' records the key here
    return r;
  }
};

class UnlockInBetween {
  std::mutex mu_;
  std::unordered_map<std::string, Receipt> responses_by_idempotency_key_;

public:
  void handle_bad(const std::string &key) {
    std::unique_lock<std::mutex> lk(mu_);
    if (responses_by_idempotency_key_.contains(key))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'responses_by_idempotency_key_' are not one atomic step (they hold two separate lock scopes on 'mu_')
      return;
    lk.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'sleep_for' blocks between the look-up and the record
    lk.lock();
    responses_by_idempotency_key_[key] = Receipt{};
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'operator[]' records the key here
  }
};

class SharedThenUnique {
  std::shared_mutex mu_;
  std::unordered_set<std::string> dedup_keys_;

public:
  void handle_bad(const std::string &k) {
    {
      std::shared_lock<std::shared_mutex> r(mu_);
      if (dedup_keys_.count(k) != 0)
        // CHECK-NOTES: :[[@LINE-1]]:11: warning: look-up and record of the idempotency key in 'dedup_keys_' are not one atomic step (they hold two separate lock scopes on 'mu_')
        return;
    }
    std::unique_lock<std::shared_mutex> w(mu_);
    dedup_keys_.insert(k);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key here
  }

  void shared_only_bad(const std::string &k) {
    std::shared_lock<std::shared_mutex> r(mu_);
    if (!dedup_keys_.contains(k))
      // CHECK-NOTES: :[[@LINE-1]]:10: warning: look-up and record of the idempotency key in 'dedup_keys_' are not one atomic step (only a shared lock covers both)
      dedup_keys_.insert(k);
    // CHECK-NOTES: :[[@LINE-1]]:7: note: 'insert' records the key here
  }
};

std::unordered_map<std::string, Receipt> g_replay_cache;

Receipt at_in_try_bad(httplib::Client &cli, const std::string &key) {
  try {
    return g_replay_cache.at(key);
    // CHECK-NOTES: :[[@LINE-1]]:12: warning: look-up and record of the idempotency key in 'g_replay_cache' are not one atomic step (no lock covers both)
  } catch (...) {
  }
  Receipt r = charge_card(cli, "{}");
  // CHECK-NOTES: :[[@LINE-1]]:15: note: 'charge_card' blocks between the look-up and the record
  g_replay_cache[key] = r;
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'operator[]' records the key here
  return r;
}

// A user store class, recognized by the key's name.
struct KeyStore {
  bool exists(const std::string &k) const;
  void put(const std::string &k, const Receipt &r);
};
struct ChargeRequest {
  std::string idempotency_key;
  long amount;
};

class UserStore {
  std::mutex mu_;
  KeyStore store_;

public:
  void handle_bad(const ChargeRequest &req) {
    mu_.lock();
    bool dup = store_.exists(req.idempotency_key);
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: look-up and record of the idempotency key in 'store_' are not one atomic step (only the look-up holds a lock)
    mu_.unlock();
    if (dup)
      return;
    store_.put(req.idempotency_key, Receipt{});
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'put' records the key here
  }
};

void server_lambda_bad(httplib::Server &svr) {
  std::unordered_set<std::string> keys;
  svr.Post("/charges", [&](const httplib::Request &req, httplib::Response &res) {
    std::string key = req.get_header_value("Idempotency-Key");
    if (keys.find(key) != keys.end()) {
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'keys' are not one atomic step (no lock covers both)
      res.status = 200;
      return;
    }
    keys.insert(key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key here
    res.status = 201;
  });
}

// --- SQL and Redis ------------------------------------------------------------

bool sqlite_select_then_insert_bad(sqlite3 *db, const char *key) {
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "SELECT response FROM idempotency_keys WHERE key = ?", -1, &q, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:26: warning: SELECT on 'idempotency_keys' and the INSERT that records the key are not one atomic step (no ON CONFLICT or OR IGNORE clause and no BEGIN IMMEDIATE or EXCLUSIVE transaction around both): two concurrent duplicates can both find no row and both execute
  sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
  bool found = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  if (found)
    return false;
  sqlite3_stmt *ins;
  sqlite3_prepare_v2(db, "INSERT INTO idempotency_keys(key, response) VALUES (?, '')", -1, &ins, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:26: note: the INSERT without ON CONFLICT records the key here
  sqlite3_bind_text(ins, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  return true;
}

// SQL formatted into one buffer reused for each statement (the corpus case
// check-then-act-sqlite-exec-c): each sqlite3_exec runs the text the last
// snprintf wrote.
static int found_row(void *arg, int, char **, char **) {
  *static_cast<int *>(arg) = 1;
  return 0;
}

int sqlite_formatted_select_then_insert_bad(sqlite3 *db, const char *event_key) {
  char sql[256];
  int found = 0;
  snprintf(sql, sizeof sql, "SELECT 1 FROM processed_events WHERE event_key = '%s'", event_key);
  sqlite3_exec(db, sql, found_row, &found, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: SELECT on 'processed_events' and the INSERT that records the key are not one atomic step
  if (found)
    return 0;
  snprintf(sql, sizeof sql, "INSERT INTO processed_events(event_key) VALUES ('%s')", event_key);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: the INSERT without ON CONFLICT records the key here
  return 1;
}

int sqlite_formatted_insert_or_ignore_ok(sqlite3 *db, const char *event_key) {
  char sql[256];
  int found = 0;
  snprintf(sql, sizeof sql, "SELECT 1 FROM processed_events WHERE event_key = '%s'", event_key);
  sqlite3_exec(db, sql, found_row, &found, nullptr);
  if (found)
    return 0;
  snprintf(sql, sizeof sql, "INSERT OR IGNORE INTO processed_events(event_key) VALUES ('%s')",
           event_key);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  return 1;
}

// The buffer is last written by strcat, not a format: its text is unknown.
extern "C" char *strcat(char *dst, const char *src);
int sqlite_concatenated_unknown_ok(sqlite3 *db, const char *event_key) {
  char sql[256];
  int found = 0;
  snprintf(sql, sizeof sql, "SELECT 1 FROM processed_events WHERE event_key = '%s'", event_key);
  sqlite3_exec(db, sql, found_row, &found, nullptr);
  if (found)
    return 0;
  snprintf(sql, sizeof sql, "INSERT INTO processed_events(event_key) VALUES ('");
  strcat(sql, event_key);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  return 1;
}

bool postgres_read_committed_bad(PGconn *c, const char *const *params) {
  PQexec(c, "BEGIN");
  PGresult *r = PQexecParams(c, "SELECT 1 FROM processed_requests WHERE request_id = $1", 1, nullptr, params, nullptr, nullptr, 0);
  // CHECK-NOTES: :[[@LINE-1]]:33: warning: SELECT on 'processed_requests' and the INSERT that records the key are not one atomic step (the transaction is neither SERIALIZABLE nor locks the table)
  bool dup = PQntuples(r) > 0;
  PQclear(r);
  if (!dup)
    PQclear(PQexecParams(c, "INSERT INTO processed_requests (request_id) VALUES ($1)", 1, nullptr, params, nullptr, nullptr, 0));
  // CHECK-NOTES: :[[@LINE-1]]:29: note: the INSERT without ON CONFLICT records the key here
  PQexec(c, "COMMIT");
  return !dup;
}

bool redis_get_then_set_bad(redisContext *c, const char *key) {
  redisReply *r = (redisReply *)redisCommand(c, "GET idem:%s", key);
  // CHECK-NOTES: :[[@LINE-1]]:49: warning: GET of 'idem:%s' and the SET that records the key are not one atomic step (the SET has no NX): two concurrent duplicates can both miss the key and both execute
  bool dup = r && r->str;
  freeReplyObject(r);
  if (dup)
    return false;
  freeReplyObject(redisCommand(c, "SET idem:%s 1 EX 86400", key));
  // CHECK-NOTES: :[[@LINE-1]]:35: note: the SET without NX records the key here
  return true;
}

// --- atomic de-dup steps: silent -----------------------------------------------

class Atomic {
  std::mutex mu_;
  std::unordered_map<std::string, Receipt> processed_;
  std::unordered_set<std::string> seen_;
  std::atomic<long> claimed_seq_;

public:
  bool try_emplace_ok(const std::string &key) {
    return processed_.try_emplace(key, Receipt{}).second;
  }
  bool insert_second_ok(const std::string &key) {
    if (!seen_.insert(key).second)
      return false;
    return true;
  }
  bool fast_path_then_atomic_insert_ok(const std::string &key) {
    if (seen_.count(key))
      return false;
    auto [it, inserted] = seen_.emplace(key);
    return inserted;
  }
  bool one_lock_guard_ok(const std::string &key) {
    std::lock_guard<std::mutex> g(mu_);
    if (processed_.count(key))
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    processed_[key] = Receipt{};
    return true;
  }
  bool scoped_lock_ok(const std::string &key) {
    std::scoped_lock lock(mu_);
    auto it = processed_.find(key);
    if (it != processed_.end())
      return false;
    processed_.emplace(key, Receipt{});
    return true;
  }
  bool unique_lock_held_ok(const std::string &key) {
    std::unique_lock<std::mutex> lk(mu_);
    if (seen_.contains(key))
      return false;
    seen_.insert(key);
    lk.unlock();
    return true;
  }
  bool raw_lock_ok(const std::string &key) {
    mu_.lock();
    bool dup = seen_.count(key) > 0;
    if (!dup)
      seen_.insert(key);
    mu_.unlock();
    return !dup;
  }
  // An unlock before the early return of the duplicate path: the scope
  // still covers the record after the `if` (the corpus case
  // check-then-act-neg-manual-lock-covers-both).
  bool raw_lock_early_unlock_ok(const std::string &key) {
    mu_.lock();
    if (seen_.count(key)) {
      mu_.unlock();
      return false;
    }
    seen_.insert(key);
    mu_.unlock();
    return true;
  }
  bool unique_lock_early_unlock_ok(const std::string &key) {
    std::unique_lock<std::mutex> lk(mu_);
    if (seen_.contains(key)) {
      lk.unlock();
      return false;
    }
    seen_.insert(key);
    return true;
  }
  // A branch that unlocks, works and locks again before it records and
  // returns: the look-up's scope ends at its unlock.
  bool relock_in_branch_bad(const std::string &key) {
    mu_.lock();
    if (!seen_.count(key)) {
      // CHECK-NOTES: :[[@LINE-1]]:10: warning: look-up and record of the idempotency key in 'seen_' are not one atomic step
      mu_.unlock();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      // CHECK-NOTES: :[[@LINE-1]]:7: note: 'sleep_for' blocks between the look-up and the record
      mu_.lock();
      seen_.insert(key);
      // CHECK-NOTES: :[[@LINE-1]]:7: note: 'insert' records the key here
      mu_.unlock();
      return true;
    }
    mu_.unlock();
    return false;
  }
  bool compare_exchange_ok(long seq) {
    long expected = 0;
    return claimed_seq_.compare_exchange_strong(expected, seq);
  }
};

struct VersionedStore {
  bool get(const std::string &k, long *version) const;
  bool set(const std::string &k, const Receipt &r, long expected_version);
};

class Etag {
  VersionedStore idempotency_store_;

public:
  bool conditional_write_ok(const std::string &key) {
    long v = 0;
    if (idempotency_store_.get(key, &v))
      return false;
    // The write fails when another writer got there first.
    if (!idempotency_store_.set(key, Receipt{}, v))
      return false;
    return true;
  }
};

bool sqlite_on_conflict_ok(sqlite3 *db, const char *key) {
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "SELECT response FROM idempotency_keys WHERE key = ?", -1, &q, nullptr);
  sqlite3_step(q);
  sqlite3_finalize(q);
  sqlite3_stmt *ins;
  sqlite3_prepare_v2(db, "INSERT INTO idempotency_keys(key) VALUES (?) ON CONFLICT(key) DO NOTHING", -1, &ins, nullptr);
  sqlite3_step(ins);
  sqlite3_finalize(ins);
  return sqlite3_changes(db) == 1;
}

bool sqlite_or_ignore_ok(sqlite3 *db) {
  sqlite3_exec(db, "SELECT 1 FROM idempotency_keys WHERE key = 'k'", nullptr, nullptr, nullptr);
  sqlite3_exec(db, "INSERT OR IGNORE INTO idempotency_keys(key) VALUES ('k')", nullptr, nullptr, nullptr);
  return sqlite3_changes(db) == 1;
}

bool sqlite_begin_immediate_ok(sqlite3 *db, const char *key) {
  sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "SELECT 1 FROM idempotency_keys WHERE key = ?", -1, &q, nullptr);
  bool found = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  if (!found)
    sqlite3_exec(db, "INSERT INTO idempotency_keys(key) VALUES ('k')", nullptr, nullptr, nullptr);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  return !found;
}

// A ROLLBACK before the early return of the duplicate path ends nothing for
// the INSERT after the `if` (the corpus case check-then-act-neg-begin-immediate).
bool sqlite_rollback_on_duplicate_ok(sqlite3 *db, const char *key) {
  sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "SELECT 1 FROM idempotency_keys WHERE key = ?", -1, &q, nullptr);
  bool found = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  if (found) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return false;
  }
  sqlite3_exec(db, "INSERT INTO idempotency_keys(key) VALUES ('k')", nullptr, nullptr, nullptr);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  return true;
}

bool postgres_serializable_ok(PGconn *c, const char *const *params) {
  PQexec(c, "BEGIN ISOLATION LEVEL SERIALIZABLE");
  PGresult *r = PQexecParams(c, "SELECT 1 FROM processed_requests WHERE request_id = $1", 1, nullptr, params, nullptr, nullptr, 0);
  bool dup = PQntuples(r) > 0;
  if (!dup)
    PQexecParams(c, "INSERT INTO processed_requests (request_id) VALUES ($1)", 1, nullptr, params, nullptr, nullptr, 0);
  PQexec(c, "COMMIT");
  return !dup;
}

bool redis_set_nx_ok(redisContext *c, const char *key) {
  redisCommand(c, "GET idem:%s", key);
  redisReply *r = (redisReply *)redisCommand(c, "SET idem:%s 1 NX EX 86400", key);
  return r && r->str;
}

// --- not de-dup stores, not shared, not the same key: silent --------------------

class ProfileCache {
  std::unordered_map<std::string, Receipt> profiles_;

public:
  Receipt not_a_dedup_store_ok(const std::string &user) {
    if (profiles_.count(user))
      return profiles_.at(user);
    profiles_[user] = Receipt{};
    return profiles_[user];
  }
};

int local_set_ok(const std::string *keys, int n) {
  std::unordered_set<std::string> seen;
  int unique = 0;
  for (int i = 0; i < n; ++i) {
    if (seen.count(keys[i]))
      continue;
    seen.insert(keys[i]);
    ++unique;
  }
  return unique;
}

class DifferentKeys {
  std::unordered_set<std::string> seen_;

public:
  void different_key_ok(const std::string &a, const std::string &b) {
    if (seen_.count(a))
      return;
    seen_.insert(b);
  }
  void lookup_not_tested_ok(const std::string &k) {
    seen_.count(k);
    seen_.erase(k);
  }
};

// --- stores reached through parameters and helpers ---------------------------

// A store passed in by reference is shared by the caller.
void store_parameter_bad(std::unordered_set<std::string> &seen, const std::string &k) {
  if (seen.count(k))
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: look-up and record of the idempotency key in 'seen' are not one atomic step (no lock covers both)
    return;
  seen.insert(k);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'insert' records the key here
}

// Look-up and record in two helper methods are paired through them.
class SplitHelpers {
  std::unordered_set<std::string> seen_;
  bool is_dup(const std::string &k) { return seen_.count(k) > 0; }
  void remember(const std::string &k) { seen_.insert(k); }

public:
  void handle_bad(const std::string &k) {
    if (is_dup(k))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'seen_' are not one atomic step (no lock covers both)
      return;
    remember(k);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'remember' records the key here
  }
};

// --- known gaps ------------------------------------------------------------------

// FIXME: code run on a single thread (one io_context thread, a
// single-threaded event loop) cannot race, but the check does not know the
// threading model.
class SingleThreadedLoop_FP {
  std::unordered_set<std::string> seen_;

public:
  void on_request(const std::string &idempotency_key) {
    if (seen_.count(idempotency_key))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'seen_' are not one atomic step (no lock covers both)
      return;
    seen_.insert(idempotency_key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key here
  }
};

// FIXME: a store with a neutral name (a ledger wrapping `keys_`) is not taken
// as a de-dup store when its key is a local with a neutral name copied from
// the request's key field (`key = req.idempotency_key`) (the corpus case
// check-then-act-ledger-has-apply-add).
class NeutralLedger {
  std::unordered_set<std::string> keys_;

public:
  bool has(const std::string &k) const { return keys_.count(k) != 0; }
  void add(const std::string &k) { keys_.insert(k); }
};

struct ApplyRequest {
  std::string idempotency_key;
  long cents;
};

class BalanceService_FN {
  NeutralLedger ledger_;
  sqlite3 *db_ = nullptr;

public:
  int Apply(const ApplyRequest &req) {
    const std::string key = req.idempotency_key;
    if (ledger_.has(key))
      return 200;
    sqlite3_exec(db_, "INSERT INTO balance_moves(cents) VALUES (1)", nullptr,
                 nullptr, nullptr);
    ledger_.add(key);
    return 201;
  }
};

// FIXME: a memory set of known duplicates in front of an atomic SQL claim
// (INSERT ... ON CONFLICT DO NOTHING, its row count tested) only short-cuts
// duplicates the database already refused, but its look-up and record are
// reported as if they were the de-dup step (the corpus case
// volatile-store-neg-pg-key-with-order).
class KnownDuplicates_FP {
  std::mutex mu_;
  std::unordered_set<std::string> known_dups_;
  PGconn *pg_ = nullptr;

public:
  int create(const std::string &idempotency_key) {
    {
      std::lock_guard<std::mutex> g(mu_);
      if (known_dups_.count(idempotency_key))
        // CHECK-NOTES: :[[@LINE-1]]:11: warning: look-up and record of the idempotency key in 'known_dups_' are not one atomic step (they hold two separate lock scopes on 'mu_')
        return 200;
    }
    const char *k[1] = {idempotency_key.c_str()};
    PGresult *claim = PQexecParams(
        // CHECK-NOTES: :[[@LINE-1]]:23: note: 'PQexecParams' blocks between the look-up and the record
        pg_, "INSERT INTO idempotency_keys(k) VALUES ($1) ON CONFLICT (k) DO NOTHING",
        1, nullptr, k, nullptr, nullptr, 0);
    const bool fresh = PQcmdTuples(claim)[0] == '1';
    PQclear(claim);
    if (!fresh) {
      std::lock_guard<std::mutex> g(mu_);
      known_dups_.insert(idempotency_key);
      // CHECK-NOTES: :[[@LINE-1]]:7: note: 'insert' records the key here
    }
    return fresh ? 201 : 200;
  }
};

// --- the store behind a same-file wrapper class, or handed in by reference ---

class Ledger {
  std::mutex mu_;
  std::unordered_set<std::string> keys_;

public:
  bool has(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    return keys_.count(k) > 0;
  }
  void add(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    keys_.insert(k);
  }
  bool claim(const std::string &k) {
    std::lock_guard<std::mutex> g(mu_);
    return keys_.insert(k).second;
  }
};

class LedgerHandler {
  Ledger ledger_;
  std::mutex mu_;
  httplib::Client cli_{"psp"};

public:
  // has() and add() each lock, but nothing covers both.
  bool wrappers_bad(const std::string &idempotency_key, const std::string &body) {
    if (ledger_.has(idempotency_key))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'keys_' are not one atomic step (no lock covers both)
      return false;
    charge_card(cli_, body);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'charge_card' blocks between the look-up and the record
    ledger_.add(idempotency_key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'add' records the key here
    return true;
  }

  bool caller_lock_over_wrappers_ok(const std::string &idempotency_key,
                                    const std::string &body) {
    std::lock_guard<std::mutex> g(mu_);
    if (ledger_.has(idempotency_key))
      return false;
    charge_card(cli_, body);
    ledger_.add(idempotency_key);
    return true;
  }

  bool atomic_claim_ok(const std::string &idempotency_key,
                       const std::string &body) {
    if (!ledger_.claim(idempotency_key))
      return false;
    charge_card(cli_, body);
    return true;
  }
};

// The route lambda hands the shared set to the handler by reference.
bool handle_with_shared_set_bad(std::unordered_set<std::string> &seen,
                                const std::string &key, httplib::Client &cli,
                                const std::string &body) {
  if (seen.count(key))
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: look-up and record of the idempotency key in 'seen' are not one atomic step (no lock covers both)
    return false;
  charge_card(cli, body);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'charge_card' blocks between the look-up and the record
  seen.insert(key);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'insert' records the key here
  return true;
}

// A set the caller hands in to collect results is no store of keys.
void collect_ok(std::unordered_set<std::string> &out, const std::string &name) {
  if (out.count(name))
    return;
  out.insert(name);
}

// --- SQL look-up and record in two same-file functions ---
// (the corpus case check-then-act-sqlite-wrapper-functions)

static bool dedup_key_seen(sqlite3 *db, const char *key) {
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "SELECT 1 FROM dedup_keys WHERE k = ?", -1, &q, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:26: warning: SELECT on 'dedup_keys' and the INSERT that records the key are not one atomic step
  sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
  bool found = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  return found;
}

static void dedup_key_record(sqlite3 *db, const char *key) {
  sqlite3_stmt *q;
  sqlite3_prepare_v2(db, "INSERT INTO dedup_keys(k) VALUES (?)", -1, &q, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:26: note: the INSERT without ON CONFLICT records the key here
  sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_step(q);
  sqlite3_finalize(q);
}

bool wrapped_select_then_insert_bad(sqlite3 *db, const char *key) {
  if (dedup_key_seen(db, key))
    // CHECK-NOTES: :[[@LINE-1]]:7: note: 'dedup_key_seen' runs the SELECT here
    return false;
  sqlite3_exec(db, "INSERT INTO bookings(seat) VALUES ('12A')", nullptr, nullptr, nullptr);
  dedup_key_record(db, key);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'dedup_key_record' runs the INSERT here
  return true;
}

bool wrapped_in_immediate_transaction_ok(sqlite3 *db, const char *key) {
  sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if (dedup_key_seen(db, key)) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return false;
  }
  dedup_key_record(db, key);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  return true;
}

// --- the duplicate path reads the stored answer back ---
// (the corpus case check-then-act-unique-lock-unlocked-between)

class ReplayThenUnlock {
  std::mutex mu_;
  std::unordered_map<std::string, int> processed_;

public:
  int payout_bad(const std::string &idempotency_key) {
    std::unique_lock<std::mutex> lk(mu_);
    if (processed_.count(idempotency_key))
      // CHECK-NOTES: :[[@LINE-1]]:9: warning: look-up and record of the idempotency key in 'processed_' are not one atomic step (they hold two separate lock scopes on 'mu_')
      return processed_[idempotency_key];
    lk.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'sleep_for' blocks between the look-up and the record
    lk.lock();
    processed_[idempotency_key] = 201;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'operator[]' records the key here
    return 201;
  }
};
