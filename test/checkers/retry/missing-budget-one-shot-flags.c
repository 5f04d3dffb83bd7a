// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// A way back taken once, under a flag its own branch clears (docs/rules.md,
// attempt caps): `if (try_again) { try_again = 0; goto try_start; }` or
// `if (!retried) { retried = 1; continue; }` allows two attempts, a cap,
// whatever else the code does. A flag set again on every pass, or never
// cleared, bounds nothing.

struct tls;
int tls_write(struct tls *t, const char *buf, int len); /* another file */
int conn_reset(void);
void recover_socket(struct tls *t);

/* coturn's DTLS write, reduced: one recovery after a reset. */
int write_recover_ok(struct tls *t, const char *buf, int len) {
  int rc;
  int try_again = 1;
try_start:
  rc = tls_write(t, buf, len);
  if (rc >= 0)
    return rc;
  if (conn_reset()) {
    if (try_again) {
      try_again = 0;
      recover_socket(t);
      goto try_start;
    }
  }
  return -1;
}

/* The same once-only retry in a loop. */
int write_retry_once_ok(struct tls *t, const char *buf, int len) {
  int retried = 0;
  for (;;) {
    int rc = tls_write(t, buf, len);
    if (rc >= 0)
      return rc;
    if (!retried) {
      retried = 1;
      continue;
    }
    return -1;
  }
}

/* The flag is armed again on every pass: the retry never ends. */
int write_rearmed_bad(struct tls *t, const char *buf, int len) {
  int try_again;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    try_again = 1;
    int rc = tls_write(t, buf, len);
    if (rc >= 0)
      return rc;
    if (try_again) {
      try_again = 0;
      continue;
    }
  }
}

/* The flag tested first and set after the test: the second failure
   leaves. */
int write_armed_after_test_ok(struct tls *t, const char *buf, int len) {
  int retried = 0;
  for (;;) {
    int rc = tls_write(t, buf, len);
    if (rc >= 0)
      return rc;
    if (retried)
      return -1;
    retried = 1;
  }
}

/* Cleared after its test instead: the test never holds, nothing ends it. */
int write_cleared_after_test_bad(struct tls *t, const char *buf, int len) {
  int retried = 0;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    int rc = tls_write(t, buf, len);
    if (rc >= 0)
      return rc;
    if (retried)
      return -1;
    retried = 0;
  }
}

int conn_closed(struct tls *t);
int conn_open(struct tls *t);
void conn_close(struct tls *t);

/* openconnect's do_https_request, reduced: the flag is set again on each
   attempt, but from the connection's state: only a request sent on an
   already-open connection is re-sent, and the way back closes it, so the
   second attempt opens a new one with the flag down. Two attempts.
   FIXME: the cap lives in the state the way back changes (closed, then
   `rq_retry = 0`); a flag set again each attempt is read as no cap. */
int request_on_new_connection_FP(struct tls *t, const char *buf, int len) {
  int rq_retry;
retry:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto has no attempt cap and no deadline
  if (!conn_closed(t)) {
    rq_retry = 1;
  } else {
    rq_retry = 0;
    if (conn_open(t))
      return -5;
  }
  if (tls_write(t, buf, len) < 0) {
    if (rq_retry) {
      conn_close(t);
      goto retry;
    }
    return -1;
  }
  return 0;
}

/* SOCI's ODBC connect, reduced: the way back switches the mode it tests to
   the constant it compares with, so it is taken once (two attempts). */
#define DRIVER_PROMPT 1
#define DRIVER_NOPROMPT 0
#define SUCCESS 0
#define NO_DATA 100
int driver_connect(const char *dsn, int completion); /* another file */
int last_state_is(const char *state);
int connect_without_prompt_ok(const char *dsn) {
  int completion = DRIVER_PROMPT;
  for (;;) {
    int rc = driver_connect(dsn, completion);
    switch (rc) {
    case SUCCESS:
      break;
    case NO_DATA:
      return -1;
    default:
      /* retrying without prompting */
      if (last_state_is("HY110") && completion != DRIVER_NOPROMPT) {
        completion = DRIVER_NOPROMPT;
        continue;
      }
      return rc;
    }
    break;
  }
  return 0;
}
