// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// PostgreSQL: a plain BEGIN (READ COMMITTED) around SELECT then INSERT does
// not stop two duplicates from both inserting.
#include <libpq-fe.h>
#include <string>

bool apply_refund(PGconn *conn, const char *key, const char *amount) {
  PQclear(PQexec(conn, "BEGIN"));
  const char *params[1] = {key};
  PGresult *r = PQexecParams(
      conn, "SELECT 1 FROM processed_requests WHERE request_id = $1", 1,
      nullptr, params, nullptr, nullptr, 0);
  const bool dup = PQntuples(r) > 0;
  PQclear(r);
  if (dup) {
    PQclear(PQexec(conn, "ROLLBACK"));
    return true;
  }
  const char *rparams[1] = {amount};
  PQclear(PQexecParams(conn, "INSERT INTO refunds(amount) VALUES ($1)", 1,
                       nullptr, rparams, nullptr, nullptr, 0));
  PQclear(PQexecParams(conn,
                       "INSERT INTO processed_requests(request_id) VALUES ($1)",
                       1, nullptr, params, nullptr, nullptr, 0));
  PQclear(PQexec(conn, "COMMIT"));
  return true;
}
