// The check over the real <sqlite3.h>, <mutex> and <unordered_map>.
// RUN: not %retrylint --checks='-*,retry-check-then-act-dedup' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-check-then-act-dedup' --quiet %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <chrono>
#include <mutex>
#include <shared_mutex>
#include <sqlite3.h>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>

class Store {
  std::mutex mu_;
  std::shared_mutex rw_;
  std::unordered_map<std::string, std::string> processed_;
  std::unordered_set<std::string> seen_;
  sqlite3 *db_ = nullptr;

public:
  bool two_scopes_bad(const std::string &key) {
    {
      std::lock_guard<std::mutex> g(mu_);
      if (processed_.count(key))
        // CHECK: :[[@LINE-1]]:11: warning: look-up and record of the idempotency key in 'processed_' are not one atomic step (they hold two separate lock scopes on 'mu_')
        return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::lock_guard<std::mutex> g(mu_);
    processed_[key] = "done";
    return true;
  }

  bool shared_then_unique_bad(const std::string &key) {
    {
      std::shared_lock<std::shared_mutex> r(rw_);
      if (seen_.find(key) != seen_.end())
        // CHECK: :[[@LINE-1]]:11: warning: look-up and record of the idempotency key in 'seen_' are not one atomic step (they hold two separate lock scopes on 'rw_')
        return false;
    }
    std::unique_lock<std::shared_mutex> w(rw_);
    seen_.insert(key);
    return true;
  }

  bool select_then_insert_bad(const std::string &key) {
    sqlite3_stmt *q = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM idempotency_keys WHERE key = ?1", -1, &q, nullptr);
    // CHECK: :[[@LINE-1]]:29: warning: SELECT on 'idempotency_keys' and the INSERT that records the key are not one atomic step
    sqlite3_bind_text(q, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    bool found = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    if (found)
      return false;
    sqlite3_stmt *ins = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO idempotency_keys(key) VALUES (?1)", -1, &ins, nullptr);
    sqlite3_bind_text(ins, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(ins);
    sqlite3_finalize(ins);
    return true;
  }

  bool one_scope_ok(const std::string &key) {
    std::scoped_lock lock(mu_);
    if (processed_.count(key))
      return false;
    processed_[key] = "done";
    return true;
  }

  bool try_emplace_ok(const std::string &key) {
    std::lock_guard<std::mutex> g(mu_);
    return processed_.try_emplace(key, "done").second;
  }

  bool insert_second_ok(const std::string &key) {
    std::lock_guard<std::mutex> g(mu_);
    return seen_.insert(key).second;
  }

  bool on_conflict_ok(const std::string &key) {
    sqlite3_stmt *ins = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM idempotency_keys WHERE key = ?1", -1, &ins, nullptr);
    sqlite3_finalize(ins);
    sqlite3_prepare_v2(db_, "INSERT INTO idempotency_keys(key) VALUES (?1) ON CONFLICT(key) DO NOTHING", -1, &ins, nullptr);
    sqlite3_bind_text(ins, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(ins);
    sqlite3_finalize(ins);
    return sqlite3_changes(db_) == 1;
  }

  bool begin_immediate_ok(const std::string &key) {
    sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_stmt *q = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM idempotency_keys WHERE key = ?1", -1, &q, nullptr);
    bool found = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    if (!found)
      sqlite3_exec(db_, "INSERT INTO idempotency_keys(key) VALUES ('k')", nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
    return !found;
  }
};
