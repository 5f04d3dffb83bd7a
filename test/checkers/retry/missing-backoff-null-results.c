// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// A pointer result compared with a null pointer (`== 0`, `== NULL`, `!=
// NULL`) or assigned in the loop's own condition (`while ((c =
// connect(h)) == NULL)`, `while (!(c = connect(h)))`): a null handle is
// the failure, whatever the C convention says of an integer zero
// (docs/rules.md, how a test reads an outcome).

#define NULL ((void *)0)
struct conn;
struct conn *conn_open(const char *host); /* another file; null on failure */
struct item;
struct item *next_item(void *it);         /* another file; null at the end */
unsigned sleep(unsigned seconds);

struct conn *open_eq_zero_bad(const char *host) {
  struct conn *c;
  int reconnects = 0;
  while ((c = conn_open(host)) == 0) {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    ++reconnects;
    sleep(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return c;
}

struct conn *open_eq_null_bad(const char *host) {
  struct conn *c;
  for (int attempt = 0; attempt < 5; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    c = conn_open(host);
    if (c != NULL)
      return c;
  }
  return NULL;
}

struct conn *open_not_assigned_bad(const char *host) {
  struct conn *c;
  int reconnects = 0;
  while (!(c = conn_open(host))) {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    ++reconnects;
    sleep(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return c;
}

struct conn *open_if_null_bad(const char *host) {
  int tries = 0;
  for (;;) {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    struct conn *c = conn_open(host);
    if (c == NULL) {
      ++tries;
      sleep(3);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      continue;
    }
    return c;
  }
}

/* Near-miss: a walk that stops at the null item the iterator returns at
   its end; the retry word is only in the counter of items skipped. */
int count_items_ok(void *it) {
  struct item *p;
  int retried_items = 0;
  while ((p = next_item(it)) != NULL)
    ++retried_items;
  return retried_items;
}
