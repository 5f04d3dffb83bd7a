// RUN: %check_retrylint %s retry-volatile-idempotency-store %t -- -- -I %S/Inputs/Headers

#include <cstdio>
#include <fstream>
#include <httplib.h>
#include <map>
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_map>
#include <unordered_set>

// --- keys of durable work kept in memory only: bad ---------------------------

void serve_bad(httplib::Server &svr, sqlite3 *db) {
  std::mutex mu;
  std::unordered_map<std::string, std::string> responses;
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: idempotency records in 'responses' live only in process memory: after a restart the service forgets the keys of requests it already committed, and their retries execute again [retry-volatile-idempotency-store]
  svr.Post("/charges", [&](const httplib::Request &req, httplib::Response &res) {
    std::string key = req.get_header_value("Idempotency-Key");
    // CHECK-NOTES: :[[@LINE-1]]:23: note: the key is read from the request here
    std::lock_guard<std::mutex> g(mu);
    if (responses.count(key)) {
      res.body = responses[key];
      return;
    }
    sqlite3_exec(db, "INSERT INTO ledger(amount) VALUES (1000)", nullptr, nullptr, nullptr);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable: 'sqlite3_exec'
    responses[key] = "charged";
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'operator[]' records the key in memory only
  });
}

class ChargeService {
  std::unordered_set<std::string> seen_keys_;
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: idempotency records in 'seen_keys_' live only in process memory
  std::ofstream ledger_{"ledger.jsonl"};

public:
  // Atomic de-dup, still forgotten on restart.
  void handle_bad(const httplib::Request &req, httplib::Response &res) {
    if (!seen_keys_.insert(req.get_header_value("X-Idempotency-Key")).second) {
      // CHECK-NOTES: :[[@LINE-1]]:10: note: 'insert' records the key in memory only
      // CHECK-NOTES: :[[@LINE-2]]:28: note: the key is read from the request here
      res.status = 200;
      return;
    }
    ledger_ << req.body << "\n";
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable: 'operator<<'
    res.status = 201;
  }
};

std::map<std::string, long> g_done;
// CHECK-NOTES: :[[@LINE-1]]:29: warning: idempotency records in 'g_done' live only in process memory

void charge_bad(sqlite3 *db, const std::string &idempotency_key, long amount) {
  // CHECK-NOTES: :[[@LINE-1]]:49: note: the key arrives as parameter 'idempotency_key'
  if (g_done.count(idempotency_key))
    return;
  sqlite3_exec(db, "INSERT INTO charges(amount) VALUES (1)", nullptr, nullptr, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: the side effect is durable: 'sqlite3_exec'
  g_done[idempotency_key] = amount;
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'operator[]' records the key in memory only
}

class Gateway {
  httplib::Client psp_{"psp.example"};
  std::unordered_set<std::string> forwarded_;
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: idempotency records in 'forwarded_' live only in process memory

public:
  void on_charge_bad(const httplib::Request &req, httplib::Response &res) {
    auto key = req.get_header_value("Idempotency-Key");
    // CHECK-NOTES: :[[@LINE-1]]:16: note: the key is read from the request here
    if (forwarded_.count(key))
      return;
    forwarded_.insert(key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key in memory only
    psp_.Post("/v1/charges", req.body, "application/json");
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable: 'httplib::Client::Post'
  }
};

// The duplicate path replays the stored answer (store.at(key) handed to the
// response): a read of the store, not the key leaving for somewhere durable
// (the corpus case check-then-act-two-mutexes).
std::unordered_map<std::string, std::string> g_answers;
// CHECK-NOTES: :[[@LINE-1]]:46: warning: idempotency records in 'g_answers' live only in process memory

void replay_answer_bad(sqlite3 *db, const httplib::Request &req,
                       httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  // CHECK-NOTES: :[[@LINE-1]]:27: note: the key is read from the request here
  if (g_answers.count(key)) {
    res.set_content(g_answers.at(key), "application/json");
    return;
  }
  sqlite3_exec(db, "INSERT INTO refunds(cents) VALUES (300)", nullptr, nullptr, nullptr);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: the side effect is durable: 'sqlite3_exec'
  g_answers.emplace(key, "{\"ok\":true}");
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'emplace' records the key in memory only
}

// The answer of a look-up (`auto it = done_.find(key)`) handed to the
// reply is the store's, not the key leaving (the corpus case
// check-then-act-two-lock-scopes-grpc); the effect is a storage layer with
// no body in the file, named with a mutating verb
// (volatile-store-virtual-side-effect).
struct DebitRequest {
  const std::string &idempotency_key() const;
  long cents() const;
};
struct DebitReply {
  void set_balance(long);
};
class Ledger {
public:
  virtual ~Ledger();
  virtual bool AppendDebit(long cents) = 0;
  virtual long Balance() const = 0;
};

class WalletService {
  std::mutex mu_;
  std::unordered_map<std::string, long> done_;
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: idempotency records in 'done_' live only in process memory
  Ledger &ledger_;

public:
  explicit WalletService(Ledger &l) : ledger_(l) {}
  void debit_bad(const DebitRequest *req, DebitReply *reply) {
    std::lock_guard<std::mutex> g(mu_);
    auto it = done_.find(req->idempotency_key());
    // CHECK-NOTES: :[[@LINE-1]]:26: note: the key is read from the request here
    if (it != done_.end()) {
      reply->set_balance(it->second);
      return;
    }
    ledger_.AppendDebit(req->cents());
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable: 'AppendDebit'
    done_.emplace(req->idempotency_key(), ledger_.Balance());
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'emplace' records the key in memory only
  }
};

// --- durable key records, caches, client side: silent ------------------------

class DurableKeys {
  std::unordered_set<std::string> cache_;
  sqlite3 *db_;

public:
  void key_in_same_transaction_ok(const httplib::Request &req) {
    std::string key = req.get_header_value("Idempotency-Key");
    if (cache_.count(key))
      return;
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db_, "INSERT INTO idempotency_keys(key) VALUES (?)", -1, &st, nullptr);
    sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    cache_.insert(key);
  }
};

struct ReceiptDb {
  bool find_receipt(const std::string &key);
};

class CacheInFront {
  std::unordered_set<std::string> hot_keys_;
  ReceiptDb db_;
  std::ofstream ledger_{"ledger"};

public:
  void cache_ok(const httplib::Request &req) {
    std::string key = req.get_header_value("Idempotency-Key");
    if (hot_keys_.count(key) || db_.find_receipt(key))
      return;
    ledger_ << req.body;
    hot_keys_.insert(key);
  }
};

void persist_key(sqlite3 *db, const std::string &k) {
  sqlite3_exec(db, "INSERT INTO idempotency_keys VALUES ('k')", nullptr, nullptr, nullptr);
}

std::unordered_set<std::string> g_keys;

void helper_persists_ok(sqlite3 *db, const httplib::Request &req) {
  std::string key = req.get_header_value("Idempotency-Key");
  persist_key(db, key);
  g_keys.insert(key);
  sqlite3_exec(db, "INSERT INTO ledger VALUES (1)", nullptr, nullptr, nullptr);
}

class PureMemory {
  std::unordered_set<std::string> seen_;

public:
  // Nothing durable happens: a restart loses the effect too.
  void no_durable_effect_ok(const httplib::Request &req, httplib::Response &res) {
    if (!seen_.insert(req.get_header_value("Idempotency-Key")).second)
      res.status = 200;
  }
};

class ClientSide {
  httplib::Client cli_{"api"};
  std::unordered_set<std::string> sent_;

public:
  // A client remembering which keys it sent is not a serving-side store.
  void send_ok(const std::string &idempotency_key) {
    sent_.insert(idempotency_key);
    cli_.Post("/charges", {{"Idempotency-Key", idempotency_key}}, "{}", "application/json");
  }
};

struct KeyStore {
  void put(const std::string &k);
};

class UnknownStore {
  KeyStore store_;
  std::ofstream ledger_{"ledger"};

public:
  void user_store_ok(const httplib::Request &req) {
    store_.put(req.get_header_value("Idempotency-Key"));
    ledger_ << req.body;
  }
};

void local_container_ok(sqlite3 *db, const httplib::Request &req) {
  std::unordered_set<std::string> local;
  local.insert(req.get_header_value("Idempotency-Key"));
  sqlite3_exec(db, "INSERT INTO ledger VALUES (1)", nullptr, nullptr, nullptr);
}

// --- known gaps -------------------------------------------------------------------

// FIXME: an SQLite ":memory:" database is process memory too, but binding
// the key into it counts as durable (the corpus case
// volatile-store-sqlite-memory-db).
void memory_db_FN(const httplib::Request &req, std::ofstream &ledger) {
  sqlite3 *db;
  sqlite3_open(":memory:", &db);
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, "INSERT INTO idempotency_keys(key) VALUES (?)", -1, &st, nullptr);
  sqlite3_bind_text(st, 1, req.get_header_value("Idempotency-Key").c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_step(st);
  ledger << req.body;
}

// FIXME: a method that takes the key as a key-named parameter and whose
// durable side effect is a POST to another service is taken as a client
// remembering the keys it sent, not as a service's store (the corpus case
// check-then-act-unique-lock-unlocked-between).
class PayoutService_FN {
  std::mutex mu_;
  std::unordered_map<std::string, int> processed_;
  httplib::Client bank_{"https://bank.example"};

public:
  int payout(const std::string &idempotency_key, const std::string &body) {
    std::lock_guard<std::mutex> g(mu_);
    if (processed_.count(idempotency_key))
      return processed_[idempotency_key];
    auto r = bank_.Post("/payouts", body, "application/json");
    processed_[idempotency_key] = r ? r->status : 502;
    return processed_[idempotency_key];
  }
};

// FIXME: a C store, a static array of key buffers searched with strcmp and
// filled with strncpy, is not an in-memory container (the corpus case
// volatile-store-c-array-table).
extern "C" int strcmp(const char *, const char *);
extern "C" char *strncpy(char *, const char *, unsigned long);
static char g_seen_keys[64][64];
static int g_nkeys;

int c_array_table_FN(sqlite3 *db, const char *idempotency_key) {
  for (int i = 0; i < g_nkeys; i++)
    if (strcmp(g_seen_keys[i], idempotency_key) == 0)
      return 200;
  sqlite3_exec(db, "INSERT INTO payments(cents) VALUES (1)", nullptr, nullptr,
               nullptr);
  if (g_nkeys < 64)
    strncpy(g_seen_keys[g_nkeys++], idempotency_key, 63);
  return 201;
}

// The record happens in a helper the handler calls.
class HelperRecords {
  std::unordered_set<std::string> seen_;
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: idempotency records in 'seen_' live only in process memory
  std::ofstream ledger_{"ledger"};
  void remember(const std::string &k) { seen_.insert(k); }

public:
  void handle_bad(const httplib::Request &req) {
    std::string key = req.get_header_value("Idempotency-Key");
    // CHECK-NOTES: :[[@LINE-1]]:23: note: the key is read from the request here
    remember(key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'remember' records the key in memory only
    ledger_ << req.body;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable
  }
};

// FIXME: a snapshot thread that saves the set elsewhere makes it durable, but
// the check only looks at the handler.
class Snapshotted_FP {
  std::unordered_set<std::string> processed_;
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: idempotency records in 'processed_' live only in process memory
  std::ofstream ledger_{"ledger"};

public:
  void handle(const httplib::Request &req) {
    std::string key = req.get_header_value("Idempotency-Key");
    // CHECK-NOTES: :[[@LINE-1]]:23: note: the key is read from the request here
    processed_.insert(key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key in memory only
    ledger_ << req.body;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: the side effect is durable: 'operator<<'
  }
  void snapshot_to_disk();
};

// --- the key is a field or accessor of the request message -------------------

struct TopUpRequest {
  std::string idempotency_key;
  long cents;
};

class TopUpService {
  std::unordered_set<std::string> handled_;
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: idempotency records in 'handled_' live only in process memory
  sqlite3 *db_ = nullptr;

public:
  int TopUp(const TopUpRequest &req) {
    std::mutex mu;
    std::lock_guard<std::mutex> g(mu);
    if (handled_.count(req.idempotency_key))
      // CHECK-NOTES: :[[@LINE-1]]:24: note: the key is read from the request here
      return 200;
    sqlite3_exec(db_, "INSERT INTO topups(cents) VALUES (1)", nullptr, nullptr,
                 nullptr);
    // CHECK-NOTES: :[[@LINE-2]]:5: note: the side effect is durable: 'sqlite3_exec'
    handled_.insert(req.idempotency_key);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'insert' records the key in memory only
    return 201;
  }
};

struct ChargeMessage {
  const std::string &request_id() const;
  long cents() const;
};

class ChargeImpl {
  std::mutex mu_;
  std::unordered_map<std::string, bool> done_;
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: idempotency records in 'done_' live only in process memory
  sqlite3 *db_ = nullptr;

public:
  int Charge(const ChargeMessage *req) {
    std::lock_guard<std::mutex> g(mu_);
    if (done_.count(req->request_id()))
      // CHECK-NOTES: :[[@LINE-1]]:21: note: the key is read from the request here
      return 0;
    sqlite3_exec(db_, "INSERT INTO charges(cents) VALUES (1)", nullptr, nullptr,
                 nullptr);
    // CHECK-NOTES: :[[@LINE-2]]:5: note: the side effect is durable: 'sqlite3_exec'
    done_[req->request_id()] = true;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'operator[]' records the key in memory only
    return 0;
  }
};

// The key field of a request this client sends, cached before calling out:
// a client-side cache, not this check's business.
class ChargeClient {
  std::unordered_set<std::string> sent_;
  httplib::Client cli_{"http://ledger"};

public:
  void Send(const TopUpRequest &req) {
    sent_.insert(req.idempotency_key);
    cli_.Post("/charges", "{}", "application/json");
  }
};
