// corpus: origin written
// corpus: expect retry-volatile-idempotency-store
// corpus: negative retry-check-then-act-dedup
// A global map in a namespace, claimed with try_emplace under a
// scoped_lock; the order itself goes to PostgreSQL.
#include <httplib.h>
#include <libpq-fe.h>
#include <mutex>
#include <string>
#include <unordered_map>

namespace svc {
std::mutex g_mu;
std::unordered_map<std::string, int> g_idempotency;
PGconn *g_pg;
} // namespace svc

void create_order(const httplib::Request &req, httplib::Response &res) {
  const std::string key = req.get_header_value("Idempotency-Key");
  {
    std::scoped_lock lock(svc::g_mu);
    if (!svc::g_idempotency.try_emplace(key, 201).second) {
      res.status = 200;
      return;
    }
  }
  const char *p[1] = {req.body.c_str()};
  PQclear(PQexecParams(svc::g_pg, "INSERT INTO orders(doc) VALUES ($1)", 1,
                       nullptr, p, nullptr, nullptr, 0));
  res.status = 201;
}
