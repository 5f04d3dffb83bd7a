// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// PostgreSQL: the look-up commits in one transaction and the record in
// another; a duplicate can run between them.
#include <libpq-fe.h>

bool book_seat(PGconn *conn, const char *request_id, const char *seat) {
  const char *k[1] = {request_id};
  PQclear(PQexec(conn, "BEGIN"));
  PGresult *r = PQexecParams(
      conn, "SELECT 1 FROM dedup_requests WHERE request_id = $1", 1, nullptr,
      k, nullptr, nullptr, 0);
  const bool dup = PQntuples(r) > 0;
  PQclear(r);
  PQclear(PQexec(conn, "COMMIT"));
  if (dup)
    return true;
  const char *s[1] = {seat};
  PQclear(PQexec(conn, "BEGIN"));
  PQclear(PQexecParams(conn, "INSERT INTO bookings(seat) VALUES ($1)", 1,
                       nullptr, s, nullptr, nullptr, 0));
  PQclear(PQexecParams(conn, "INSERT INTO dedup_requests(request_id) VALUES ($1)",
                       1, nullptr, k, nullptr, nullptr, 0));
  PQclear(PQexec(conn, "COMMIT"));
  return true;
}
