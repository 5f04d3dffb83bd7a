// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: expect retry-volatile-idempotency-store
// A custom RPC framework: the key is a field of the decoded request
// struct; contains() then insert() on a member set, ledger write between.
#include <mutex>
#include <sqlite3.h>
#include <string>
#include <unordered_set>

struct TopUpRequest {
  std::string idempotency_key;
  std::string wallet;
  long cents;
};

class TopUpService {
  std::unordered_set<std::string> handled_;
  sqlite3 *db_ = nullptr;

public:
  int TopUp(const TopUpRequest &req) {
    if (handled_.contains(req.idempotency_key))
      return 200;
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO topups(wallet, cents) VALUES (?, ?)",
                       -1, &st, nullptr);
    sqlite3_bind_text(st, 1, req.wallet.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, req.cents);
    sqlite3_step(st);
    sqlite3_finalize(st);
    handled_.insert(req.idempotency_key);
    return 201;
  }
};
