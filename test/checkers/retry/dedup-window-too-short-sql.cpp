// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers

// Purges by age written as SQL: epoch arithmetic, MySQL's client call, and
// DELETE statements a same-file wrapper builds with snprintf (the corpus
// cases dedup-window-too-short-epoch-arith, -mysql-interval, -purge-wrapper).

#include <cstdio>
#include <libpq-fe.h>
#include <sqlite3.h>

struct MYSQL;
extern "C" int mysql_query(MYSQL *db, const char *sql);
extern "C" int mysql_real_query(MYSQL *db, const char *sql, unsigned long len);

// --- epoch arithmetic: now in seconds minus the window ---------------------

void sqlite_epoch_purge_bad(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM dedup_keys WHERE created < CAST(strftime('%s','now') AS INTEGER) - 120",
               nullptr, nullptr, nullptr);
  // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: idempotency records expire after 2 min (the purge of 'dedup_keys'), shorter than the 24 h minimum window
}

void sqlite_unixepoch_purge_bad(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM idempotency_keys WHERE created_at < unixepoch() - 3600", nullptr,
               nullptr, nullptr);
  // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: idempotency records expire after 1 h (the purge of 'idempotency_keys')
}

void pg_extract_epoch_purge_bad(PGconn *c) {
  PQexec(c, "DELETE FROM processed_requests WHERE created_epoch < extract(epoch from now()) - 900");
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: idempotency records expire after 15 min (the purge of 'processed_requests')
}

void sqlite_epoch_purge_week_ok(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM dedup_keys WHERE created < strftime('%s','now') - 604800", nullptr,
               nullptr, nullptr);
}

// Not idempotency records: sessions expire quickly on purpose.
void sqlite_epoch_purge_sessions_ok(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM sessions WHERE created < strftime('%s','now') - 120", nullptr,
               nullptr, nullptr);
}

// A column compared with a number is not an age: no window is read.
void sqlite_attempts_purge_ok(sqlite3 *db) {
  sqlite3_exec(db, "DELETE FROM dedup_keys WHERE attempts > 120", nullptr, nullptr, nullptr);
}

// --- MySQL's client -----------------------------------------------------------

void mysql_interval_purge_bad(MYSQL *db) {
  mysql_query(db, "DELETE FROM processed_webhooks WHERE received_at < NOW() - INTERVAL 6 HOUR");
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: idempotency records expire after 6 h (the purge of 'processed_webhooks')
}

void mysql_unix_timestamp_purge_bad(MYSQL *db) {
  const char *q = "DELETE FROM idempotency_keys WHERE ts < UNIX_TIMESTAMP() - 600";
  mysql_real_query(db, q, 61);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: idempotency records expire after 10 min (the purge of 'idempotency_keys')
}

void mysql_interval_purge_days_ok(MYSQL *db) {
  mysql_query(db, "DELETE FROM processed_webhooks WHERE received_at < NOW() - INTERVAL 7 DAY");
}

// --- a purge wrapper that builds its DELETE with snprintf ---------------------

// Deletes rows of `table` older than `seconds`.
static void purge_older_than(sqlite3 *db, const char *table, long seconds) {
  char sql[256];
  snprintf(sql, sizeof sql, "DELETE FROM %s WHERE seen_at < strftime('%%s','now') - %ld", table,
           seconds);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
}

void janitor_bad(sqlite3 *db) {
  purge_older_than(db, "processed_messages", 300);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: idempotency records expire after 5 min (the purge of 'processed_messages')
}

void janitor_long_window_ok(sqlite3 *db) { purge_older_than(db, "processed_messages", 259200); }

void janitor_other_table_ok(sqlite3 *db) { purge_older_than(db, "metrics_samples", 300); }

// The window comes from the caller's caller: unknown, so silent.
void janitor_configured_ok(sqlite3 *db, long seconds) {
  purge_older_than(db, "processed_messages", seconds);
}

// A buffer filled by snprintf in the function itself.
void inline_snprintf_purge_bad(sqlite3 *db) {
  char sql[128];
  snprintf(sql, sizeof sql, "DELETE FROM dedup_keys WHERE created < strftime('%%s','now') - %d",
           90);
  sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: idempotency records expire after 90 s (the purge of 'dedup_keys')
}

// --- known gaps ------------------------------------------------------------------

// FIXME: a window bound as a statement parameter (`now() - $1::interval`, the
// text in a named constant) is not read (the corpus case
// dedup-window-too-short-pg-bound-interval).
static const char *kIdempotencyRetention = "15 minutes";
void pg_bound_interval_purge_FN(PGconn *pg) {
  const char *params[1] = {kIdempotencyRetention};
  PQclear(PQexecParams(pg, "DELETE FROM idempotency_keys WHERE created_at < now() - $1::interval",
                       1, nullptr, params, nullptr, nullptr, 0));
}
