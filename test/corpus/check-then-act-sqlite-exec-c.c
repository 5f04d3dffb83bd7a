// corpus: origin written
// corpus: negative retry-volatile-idempotency-store
// corpus: expect retry-check-then-act-dedup
// C: sqlite3_exec with a SELECT callback, then an INSERT, no transaction.
#include <stddef.h>
#include <stdio.h>

typedef struct sqlite3 sqlite3;
int sqlite3_exec(sqlite3 *, const char *sql,
                 int (*callback)(void *, int, char **, char **), void *,
                 char **errmsg);

static int found_cb(void *arg, int n, char **v, char **c) {
  (void)n;
  (void)v;
  (void)c;
  *(int *)arg = 1;
  return 0;
}

int process_webhook(sqlite3 *db, const char *event_key, const char *payload) {
  char sql[512];
  int found = 0;
  snprintf(sql, sizeof sql,
           "SELECT 1 FROM processed_events WHERE event_key = '%s'", event_key);
  sqlite3_exec(db, sql, found_cb, &found, NULL);
  if (found)
    return 0;
  snprintf(sql, sizeof sql, "INSERT INTO deliveries(body) VALUES ('%s')",
           payload);
  sqlite3_exec(db, sql, NULL, NULL, NULL);
  snprintf(sql, sizeof sql,
           "INSERT INTO processed_events(event_key) VALUES ('%s')", event_key);
  sqlite3_exec(db, sql, NULL, NULL, NULL);
  return 1;
}
