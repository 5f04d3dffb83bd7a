// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -isystem %S/Inputs/System
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// Operations in system include directories (docs/rules.md): a client
// library installed under a system include directory (a message-queue
// client in its own folder, a broker client whose header sits at the top,
// the resolver, which asks a name server) is an unknown library call like
// any other, and a loop that calls it again after its failure is a retry.
// Only the C and C++ standard libraries, the operating system's primitives
// (memory, strings, files, threads, clocks) and SQLite, which runs in the
// process on a local file, are local.

#include <brokerlink.h>
#include <errno.h>
#include <mq/mq.h>
#include <netdb.h>
#include <pthread.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

/* A connect to the broker, again after each null handle, for ever. */
struct mq_conn *connect_forever_bad(const char *host) {
  struct mq_conn *c;
  int reconnects = 0;
  while ((c = mq_connect(host)) == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    ++reconnects;
    sleep(1);
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return c;
}

/* A publish with a counted cap of 3, but no wait. */
int publish_bad(struct mq_conn *c, const char *msg) {
  int rc = -1;
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    rc = mq_publish(c, "orders", msg);
    if (rc == 0)
      break;
  }
  return rc;
}

/* A broker client's busy retry: a top-level header is no less a library
   than one in its own folder. */
int submit_busy_bad(struct bl_conn *c, const char *job) {
  int rc, retries = 0;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    rc = bl_submit(c, job);
    if (rc != BL_BUSY)
      break;
    ++retries;
    sleep(1);
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return rc;
}

/* znc's threaded DNS job, reduced: the resolver again on EAI_AGAIN (its
   temporary failure), six tries with a constant wait. */
int resolve_again_bad(const char *host, struct addrinfo **res) {
  int rc, count = 0;
  while (1) {
    rc = getaddrinfo(host, 0, 0, res);
    if (rc != EAI_AGAIN)
      break;
    if (++count > 5)
      break;
    sleep(5); // wait before the next try
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return rc;
}

/* The same written as a do-while on the code itself: twenty look-ups and
   no wait between them. */
int resolve_again_do_bad(const char *host, struct addrinfo **res) {
  int rc, tries = 0;
  do {
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    rc = getaddrinfo(host, 0, 0, res);
  } while (rc == EAI_AGAIN && ++tries < 20);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: retry loop makes up to 20 attempts, more than 10
  return rc;
}

/* Near-miss: a TLS read that asks to be called again once its socket is
   readable ("want read", "want write") is waiting for data, not failing:
   250 rounds of a 20 ms select are a read with a time budget (upsclient's
   SSL_read loop).
   FIXME: the way back passes a second test, of the code a classifier made
   from the result; the model reads the way back as the read's failure. */
int select_readable(struct mq_conn *c, int writing, int timeout_ms);
int tls_read_ready_FP(struct mq_conn *c, char *buf, int len) {
  int tries = 0, err;
  while (tries < 250) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry loop makes up to 250 attempts, more than 10
    int n = mq_tls_read(c, buf, len);
    if (n > 0)
      return n;
    err = mq_tls_get_error(c, n);
    if (err == MQ_TLS_ERROR_WANT_READ || err == MQ_TLS_ERROR_WANT_WRITE) {
      if (select_readable(c, err == MQ_TLS_ERROR_WANT_WRITE, 20) < 0)
        return -1;
      tries++;
      continue;
    }
    return -1;
  }
  return -1;
}

/* Near-miss: EAGAIN joined with EWOULDBLOCK asks whether a non-blocking
   receive has anything yet; a counted spin over it is a read, no retry. */
int receive_ready_ok(struct mq_conn *c, char *buf, int len) {
  int n, spins = 0;
  for (;;) {
    n = mq_receive(c, buf, len);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && spins++ < 100)
      continue;
    return n;
  }
}

/* Near-miss: a library's "call again" code (GnuTLS's GNUTLS_E_AGAIN) names
   the library's result, not an intent to retry: with nothing else that
   says retry, the continuation is silent. */
int publish_continued_ok(struct mq_conn *c, const char *t, const char *m) {
  int rc;
  do {
    rc = mq_publish(c, t, m);
  } while (rc == MQ_E_INTERRUPTED || rc == MQ_E_AGAIN);
  return rc;
}

/* Near-miss: a lock taken in a counted spin is a thread primitive, local
   to the process; nothing remote is re-sent. */
int take_lock_ok(pthread_mutex_t *m) {
  int attempts = 0;
  while (pthread_mutex_trylock(m) != 0)
    ++attempts;
  return attempts;
}

/* Near-miss: SQLite runs in the process on a local file; a busy step
   retried with a short constant sleep waits for a file lock. */
int step_busy_ok(sqlite3_stmt *st) {
  for (int tries = 0; tries < 8; ++tries) {
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE)
      return 1;
    sqlite3_reset(st);
    if (rc != SQLITE_BUSY)
      return 0;
    sleep(1);
  }
  return 0;
}

/* Near-miss: a directory made again after a failure is a file primitive. */
int make_dir_ok(const char *path) {
  int tries = 0;
  while (mkdir(path, 0755) != 0 && tries < 100)
    ++tries;
  return tries;
}

/* Near-miss: a call the library's own macro writes (a verbose-logging
   switch) is the library's bookkeeping, not an operation, even in a loop
   that counts retries. */
int wait_verbose_ok(void) {
  int retries = 0;
  while (MQ_VLOG_IS_ON(2) < 0)
    ++retries;
  return retries;
}

/* Near-miss: a walk over the library's list, each element fetched by the
   index that changes (through the library's macro; the comment says it
   tries each one): each round asks about another element, nothing is
   re-sent. */
int first_ready_ok(const struct mq_list *l, int n) {
  // Tries each queue in turn.
  for (int i = 0; i < n; i++) {
    const struct mq_item *it = MQ_LIST_AT(l, i);
    if (mq_item_ready(it) == 0)
      return i;
  }
  return -1;
}
