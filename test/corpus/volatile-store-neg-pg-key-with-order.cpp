// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: fixme-fp retry-check-then-act-dedup FIXME: an in-memory cache of known duplicates in front of an atomic SQL claim (INSERT ... ON CONFLICT DO NOTHING, its row count tested) is reported as if it were the de-dup step
// The key is inserted with ON CONFLICT in the same PostgreSQL transaction
// as the order; a small in-memory set only short-cuts known duplicates.
#include <httplib.h>
#include <libpq-fe.h>
#include <mutex>
#include <string>
#include <unordered_set>

class OrderApi {
  std::mutex mu_;
  std::unordered_set<std::string> known_dups_;
  PGconn *pg_ = nullptr;

public:
  void create(const httplib::Request &req, httplib::Response &res) {
    const std::string key = req.get_header_value("Idempotency-Key");
    {
      std::lock_guard<std::mutex> g(mu_);
      if (known_dups_.count(key)) {
        res.status = 200;
        return;
      }
    }
    const char *k[1] = {key.c_str()};
    PQclear(PQexec(pg_, "BEGIN"));
    PGresult *claim = PQexecParams(
        pg_,
        "INSERT INTO idempotency_keys(k) VALUES ($1) ON CONFLICT (k) DO NOTHING",
        1, nullptr, k, nullptr, nullptr, 0);
    const bool fresh = PQcmdTuples(claim)[0] == '1';
    PQclear(claim);
    if (fresh) {
      const char *p[1] = {req.body.c_str()};
      PQclear(PQexecParams(pg_, "INSERT INTO orders(doc) VALUES ($1)", 1,
                           nullptr, p, nullptr, nullptr, 0));
    }
    PQclear(PQexec(pg_, "COMMIT"));
    if (!fresh) {
      std::lock_guard<std::mutex> g(mu_);
      known_dups_.insert(key);
    }
    res.status = fresh ? 201 : 200;
  }
};
