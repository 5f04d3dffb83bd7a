// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// PostgreSQL, no transaction at all: SELECT of the idempotency key, the
// order insert, then INSERT of the key.
#include <libpq-fe.h>

int place_order(PGconn *conn, const char *idem_key, const char *sku) {
  const char *k[1] = {idem_key};
  PGresult *r = PQexecParams(
      conn, "SELECT order_id FROM idempotency_keys WHERE idem_key = $1", 1,
      nullptr, k, nullptr, nullptr, 0);
  if (PQntuples(r) > 0) {
    PQclear(r);
    return 0;
  }
  PQclear(r);
  const char *s[1] = {sku};
  PQclear(PQexecParams(conn, "INSERT INTO orders(sku) VALUES ($1)", 1, nullptr,
                       s, nullptr, nullptr, 0));
  PQclear(PQexecParams(conn, "INSERT INTO idempotency_keys(idem_key) VALUES ($1)",
                       1, nullptr, k, nullptr, nullptr, 0));
  return 1;
}
