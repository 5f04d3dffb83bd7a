#include "retryprobe/stores.h"

#include "retryprobe/intent_key.h"

#include <sqlite3.h>

#include <condition_variable>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace retryprobe {

const char *policy_name(Policy p) {
  switch (p) {
  case Policy::naive:
    return "naive";
  case Policy::key_atomic:
    return "key_atomic";
  case Policy::key_racy:
    return "key_racy";
  case Policy::key_ttl:
    return "key_ttl";
  case Policy::content_hash:
    return "content_hash";
  case Policy::durable:
    return "durable";
  }
  return "?";
}

std::optional<Policy> parse_policy(const std::string &name) {
  for (Policy p : {Policy::naive, Policy::key_atomic, Policy::key_racy,
                   Policy::key_ttl, Policy::content_hash, Policy::durable})
    if (name == policy_name(p))
      return p;
  return std::nullopt;
}

namespace {

using Clock = std::chrono::steady_clock;

// The in-memory policies share the JSONL ledger and differ only in how the
// key record relates to the commit.
class MemoryBackend : public ChargeBackend {
public:
  MemoryBackend(StoreConfig cfg, const std::string &dir)
      : cfg_(cfg), ledger_(cfg.ledger_file.empty() ? dir + "/ledger.jsonl"
                                                   : cfg.ledger_file) {}

  CommitResult charge(const ChargeRequest &req) override {
    switch (cfg_.policy) {
    case Policy::key_atomic:
      return atomic(req, req.key, /*ttl=*/false);
    case Policy::key_ttl:
      return atomic(req, req.key, /*ttl=*/true);
    case Policy::content_hash:
      // The fingerprint ignores who the order is for: two real orders of
      // equal amount collapse into one.
      return atomic(req, sha256_hex("amount:" + std::to_string(req.amount)),
                    /*ttl=*/false);
    case Policy::key_racy:
      return racy(req);
    default:
      return {commit(req), false};
    }
  }

  std::vector<LedgerEntry> entries_for(const std::string &intent) override {
    return ledger_.entries_for(intent);
  }
  LedgerRead read_all() override { return read_ledger(ledger_.path()); }
  void log_request(const std::string &line) override {
    ledger_.append_record(line);
  }

private:
  struct Record {
    LedgerEntry entry;
    Clock::time_point at;
  };

  LedgerEntry commit(const ChargeRequest &req) {
    return ledger_.append(req.intent, req.amount, req.key);
  }

  // Look-up and record under one lock: a concurrent duplicate waits and
  // then sees the record.
  CommitResult atomic(const ChargeRequest &req, const std::string &key,
                      bool ttl) {
    if (key.empty())
      return {commit(req), false};
    std::lock_guard<std::mutex> lock(mu_);
    auto it = keys_.find(key);
    if (it != keys_.end() && (!ttl || Clock::now() - it->second.at < cfg_.ttl))
      return {it->second.entry, true};
    LedgerEntry e = commit(req);
    keys_[key] = Record{e, Clock::now()};
    return {e, false};
  }

  // Check, wait, then act: each step is locked, the pair is not. This is a
  // business race (no C++ data race), which is what ThreadSanitizer cannot
  // see and the ledger can. Every request that misses the record waits at a
  // barrier until `racy_group` requests of its key have missed it too, so
  // the duplicates' interleaving is forced rather than hoped for: the
  // reading does not depend on how fast a loaded or sanitized machine
  // schedules them. `racy_window` is only the fallback that keeps a lone
  // request from waiting forever.
  CommitResult racy(const ChargeRequest &req) {
    if (req.key.empty())
      return {commit(req), false};
    {
      std::unique_lock<std::mutex> lock(mu_);
      auto it = keys_.find(req.key);
      if (it != keys_.end())
        return {it->second.entry, true};
      // The gap outlives every request inside it, so `gap` stays valid
      // while this one waits, and `missed` never goes down meanwhile.
      Gap &gap = gaps_[req.key];
      ++gap.inside;
      if (++gap.missed >= cfg_.racy_group)
        gap_cv_.notify_all();
      else
        gap_cv_.wait_for(lock, cfg_.racy_window,
                         [&] { return gap.missed >= cfg_.racy_group; });
    }
    LedgerEntry e = commit(req);
    std::lock_guard<std::mutex> lock(mu_);
    keys_[req.key] = Record{e, Clock::now()};
    if (--gaps_[req.key].inside == 0)
      gaps_.erase(req.key);
    return {e, false};
  }

  // key_racy: the requests of one key between look-up and record.
  struct Gap {
    int missed = 0; // looked up and found no record (the barrier's count)
    int inside = 0; // of those, not yet recorded
  };

  StoreConfig cfg_;
  JsonlLedger ledger_;
  std::mutex mu_;
  std::map<std::string, Record> keys_;
  std::condition_variable gap_cv_;
  std::map<std::string, Gap> gaps_;
};

// Key row and ledger row committed in one SQLite transaction, on disk: a
// restart reopens both.
class SqliteBackend : public ChargeBackend {
public:
  SqliteBackend(const std::string &path, const std::string &request_log) {
    if (!request_log.empty())
      requests_ = std::make_unique<JsonlLedger>(request_log);
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                            SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
      std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      db_ = nullptr;
      throw std::runtime_error("cannot open " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 2000);
    try {
      exec("PRAGMA synchronous=FULL");
      exec("CREATE TABLE IF NOT EXISTS ledger(seq INTEGER PRIMARY KEY "
           "AUTOINCREMENT, intent TEXT NOT NULL, amount INTEGER NOT NULL, "
           "receipt TEXT NOT NULL, key TEXT NOT NULL)");
      exec("CREATE TABLE IF NOT EXISTS idempotency_keys(key TEXT PRIMARY "
           "KEY, seq INTEGER NOT NULL REFERENCES ledger(seq))");
    } catch (...) {
      sqlite3_close(db_);
      throw;
    }
  }
  ~SqliteBackend() override { sqlite3_close(db_); }

  CommitResult charge(const ChargeRequest &req) override {
    std::lock_guard<std::mutex> lock(mu_);
    exec("BEGIN IMMEDIATE");
    try {
      CommitResult r = charge_in_txn(req);
      exec("COMMIT");
      return r;
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }

  std::vector<LedgerEntry> entries_for(const std::string &intent) override {
    std::lock_guard<std::mutex> lock(mu_);
    return select("SELECT intent, amount, receipt, key FROM ledger WHERE "
                  "intent = ?1 ORDER BY seq",
                  intent);
  }

  LedgerRead read_all() override {
    std::lock_guard<std::mutex> lock(mu_);
    LedgerRead r;
    r.entries = select(
        "SELECT intent, amount, receipt, key FROM ledger ORDER BY seq", "");
    for (const auto &e : r.entries)
      r.lines.push_back(to_line(e));
    return r;
  }

  void log_request(const std::string &line) override {
    if (requests_)
      requests_->append_record(line);
  }

private:
  struct Stmt {
    sqlite3_stmt *s = nullptr;
    ~Stmt() { sqlite3_finalize(s); }
  };

  void exec(const char *sql) {
    char *err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : "?";
      sqlite3_free(err);
      throw std::runtime_error(std::string("sqlite: ") + sql + ": " + msg);
    }
  }

  void prepare(Stmt &st, const char *sql) {
    if (sqlite3_prepare_v2(db_, sql, -1, &st.s, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite prepare: ") +
                               sqlite3_errmsg(db_));
  }

  static void bind(Stmt &st, int i, const std::string &v) {
    sqlite3_bind_text(st.s, i, v.c_str(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
  }

  static LedgerEntry row(sqlite3_stmt *s) {
    auto text = [&](int c) {
      const unsigned char *t = sqlite3_column_text(s, c);
      return t ? std::string(reinterpret_cast<const char *>(t)) : "";
    };
    return LedgerEntry{text(0), static_cast<long>(sqlite3_column_int64(s, 1)),
                       text(2), text(3)};
  }

  std::vector<LedgerEntry> select(const char *sql, const std::string &arg) {
    Stmt st;
    prepare(st, sql);
    if (!arg.empty())
      bind(st, 1, arg);
    std::vector<LedgerEntry> out;
    while (sqlite3_step(st.s) == SQLITE_ROW)
      out.push_back(row(st.s));
    return out;
  }

  CommitResult charge_in_txn(const ChargeRequest &req) {
    if (!req.key.empty()) {
      Stmt q;
      prepare(q, "SELECT l.intent, l.amount, l.receipt, l.key FROM "
                 "idempotency_keys k JOIN ledger l ON l.seq = k.seq WHERE "
                 "k.key = ?1");
      bind(q, 1, req.key);
      if (sqlite3_step(q.s) == SQLITE_ROW)
        return {row(q.s), true};
    }
    Stmt n;
    prepare(n, "SELECT COUNT(*) FROM ledger WHERE intent = ?1");
    bind(n, 1, req.intent);
    sqlite3_step(n.s);
    long prior = static_cast<long>(sqlite3_column_int64(n.s, 0));
    LedgerEntry e{req.intent, req.amount,
                  "rcpt-" + req.intent + "-" + std::to_string(prior + 1),
                  req.key};
    Stmt ins;
    prepare(ins, "INSERT INTO ledger(intent, amount, receipt, key) VALUES "
                 "(?1, ?2, ?3, ?4)");
    bind(ins, 1, e.intent);
    sqlite3_bind_int64(ins.s, 2, e.amount);
    bind(ins, 3, e.receipt);
    bind(ins, 4, e.key);
    if (sqlite3_step(ins.s) != SQLITE_DONE)
      throw std::runtime_error(std::string("sqlite insert: ") +
                               sqlite3_errmsg(db_));
    if (!req.key.empty()) {
      Stmt k;
      prepare(k, "INSERT INTO idempotency_keys(key, seq) VALUES (?1, "
                 "last_insert_rowid())");
      bind(k, 1, req.key);
      if (sqlite3_step(k.s) != SQLITE_DONE)
        throw std::runtime_error(std::string("sqlite key insert: ") +
                                 sqlite3_errmsg(db_));
    }
    return {e, false};
  }

  sqlite3 *db_ = nullptr;
  std::mutex mu_;
  std::unique_ptr<JsonlLedger> requests_; // serve's --ledger file
};

} // namespace

std::unique_ptr<ChargeBackend> make_backend(const StoreConfig &cfg,
                                            const std::string &dir) {
  if (cfg.policy == Policy::durable)
    return std::make_unique<SqliteBackend>(
        cfg.sqlite_file.empty() ? dir + "/ledger.sqlite" : cfg.sqlite_file,
        cfg.ledger_file);
  return std::make_unique<MemoryBackend>(cfg, dir);
}

} // namespace retryprobe
