// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// A way back taken only when the last call was interrupted by a signal
// (EINTR) restarts that call; it retries no failure, whatever the kind of
// site (a loop, a backward goto, a recursion) and however the test is
// written (errno compared with EINTR, a `case EINTR:`, a predicate whose
// body or name says so). A way back that is also taken on another error is
// a retry.

#include <unistd.h>

int *__errno_location(void);
#define errno (*__errno_location())
#define EINTR 4
#define EAGAIN 11

typedef struct Conn Conn;
long conn_sendv(Conn *c, const char *buf, long n); /* in another file */
long conn_recv(Conn *c, char *buf, long n);        /* in another file */
int is_interrupted(int err);                       /* in another file */

/* The predicate's body says what it tests (in the style of coturn's
   socket_eintr()). */
static inline int socket_eintr(void) { return errno == EINTR; }

/* In the style of coturn src/apps/relay/dtls_listener.c: the comment says
   "try again", and the loop goes back only when the read was
   interrupted. */
long recv_predicate_restart_ok(Conn *c, char *buf, long n) {
  long got;
  // try again...
  do {
    got = conn_recv(c, buf, n);
  } while (got < 0 && socket_eintr());
  return got;
}

/* In the style of libcouchbase src/lcbio/ctx.cc E_put_ex: the goto back is
   the `case EINTR:` of a switch on the error. */
long sendv_case_restart_ok(Conn *c, const char *buf, long n) {
  long nw;
GT_WRITE_AGAIN:
  nw = conn_sendv(c, buf, n);
  if (nw > 0)
    return nw;
  if (nw == -1) {
    switch (errno) {
    case EINTR:
      /* jump back to retry */
      goto GT_WRITE_AGAIN;
    case EAGAIN:
      return 0;
    default:
      return -1;
    }
  }
  return nw;
}

long sendv_if_restart_ok(Conn *c, const char *buf, long n) {
  long nw;
  int tries = 0;
again:
  nw = conn_sendv(c, buf, n);
  if (nw < 0 && errno == EINTR) {
    ++tries;
    goto again;
  }
  return nw;
}

long recv_switch_continue_ok(Conn *c, char *buf, long n) {
  for (int attempt = 0;; ++attempt) {
    long got = conn_recv(c, buf, n);
    if (got >= 0)
      return got;
    switch (errno) {
    case EINTR:
      continue;
    default:
      return -1;
    }
  }
}

long recv_named_predicate_ok(Conn *c, char *buf, long n) {
  long got;
  int retries = 0;
  while ((got = conn_recv(c, buf, n)) < 0 && is_interrupted(errno))
    ++retries;
  return got;
}

long sendv_recurse_on_interrupt_ok(Conn *c, const char *buf, long n) {
  long nw = conn_sendv(c, buf, n);
  if (nw < 0 && errno == EINTR)
    return sendv_recurse_on_interrupt_ok(c, buf, n); /* retry */
  return nw;
}

/* EAGAIN goes back too: the failure is retried, with no cap. */
long sendv_again_too_bad(Conn *c, const char *buf, long n) {
  long nw;
again:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto has no attempt cap and no deadline
  nw = conn_sendv(c, buf, n);
  if (nw < 0 && (errno == EINTR || errno == EAGAIN))
    goto again;
  return nw;
}

/* Two ways back: a restart on EINTR, and a retry of any other failure
   after a pause. */
long sendv_two_ways_bad(Conn *c, const char *buf, long n) {
  long nw;
retry:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto has no attempt cap and no deadline
  nw = conn_sendv(c, buf, n);
  if (nw < 0 && errno == EINTR)
    goto retry;
  if (nw < 0) {
    sleep(1);
    goto retry;
  }
  return nw;
}

long recv_other_case_bad(Conn *c, char *buf, long n) {
  for (int attempt = 0;; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    long got = conn_recv(c, buf, n);
    if (got >= 0)
      return got;
    switch (errno) {
    case EINTR:
      continue;
    default:
      sleep(1);
      continue;
    }
  }
}
