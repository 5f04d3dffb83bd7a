// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// PostgreSQL: a SELECT for the replay, but the claim itself is
// INSERT ... ON CONFLICT DO NOTHING and its row count decides.
#include <libpq-fe.h>

int claim_and_apply(PGconn *conn, const char *request_id, const char *cents) {
  const char *k[1] = {request_id};
  PGresult *prior = PQexecParams(
      conn, "SELECT response FROM idempotency_keys WHERE request_id = $1", 1,
      nullptr, k, nullptr, nullptr, 0);
  const int replay = PQntuples(prior) > 0;
  PQclear(prior);
  if (replay)
    return 0;
  PGresult *claim = PQexecParams(
      conn,
      "INSERT INTO idempotency_keys(request_id) VALUES ($1) "
      "ON CONFLICT (request_id) DO NOTHING",
      1, nullptr, k, nullptr, nullptr, 0);
  const char *n = PQcmdTuples(claim);
  const int won = n[0] == '1';
  PQclear(claim);
  if (!won)
    return 0;
  const char *c[1] = {cents};
  PQclear(PQexecParams(conn, "INSERT INTO credits(cents) VALUES ($1)", 1,
                       nullptr, c, nullptr, nullptr, 0));
  return 1;
}
