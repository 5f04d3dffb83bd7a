// corpus: origin written
// corpus: fixme-fn retry-check-then-act-dedup FIXME: a store with a neutral name (Ledger, keys_) is not taken as a de-dup store when its key is a local copied from a request struct's idempotency_key field
// corpus: expect retry-volatile-idempotency-store
// if (ledger.has(key)) return; apply(); ledger.add(key); with has/add
// wrapping a std::set member and no lock, in a gRPC-style service.
#include <sqlite3.h>
#include <string>
#include <unordered_set>

class Ledger {
  std::set<std::string> keys_;

public:
  bool has(const std::string &k) const { return keys_.count(k) != 0; }
  void add(const std::string &k) { keys_.insert(k); }
};

struct ApplyRequest {
  std::string idempotency_key;
  long cents;
};

class BalanceService {
  Ledger ledger_;
  sqlite3 *db_ = nullptr;

  void apply(long cents) {
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO balance_moves(cents) VALUES (?)", -1,
                       &st, nullptr);
    sqlite3_bind_int64(st, 1, cents);
    sqlite3_step(st);
    sqlite3_finalize(st);
  }

public:
  int Apply(const ApplyRequest &req) {
    const std::string key = req.idempotency_key;
    if (ledger_.has(key))
      return 200;
    apply(req.cents);
    ledger_.add(key);
    return 201;
  }
};
