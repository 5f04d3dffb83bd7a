// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t
//
// Retry evidence written as code (docs/rules.md, "Evidence, both ways"): a
// loop that, after the call it goes back to failed, connects again on its
// way back (`close(); connect();`) is reconnecting, even where no name or
// comment spells "reconnect". A connect that is the call re-issued itself
// (an address walk), a connect before the call in every round, and a
// state query named for a connection (`is_connected`) say nothing of the
// sort.

#include <stddef.h>

struct link;
struct backend {
  int (*send)(struct link *, const char *, size_t);
};
struct link {
  const struct backend *backend;
  int recovery;
  unsigned timeout_us;
};
void link_close(struct link *l);
int link_connect(struct link *l);
int link_connected(struct link *l);
int link_flush(struct link *l);
int link_send(struct link *l, const char *m, size_t n);
int usleep(unsigned us);
void report(const char *what);
int fetch_status(struct link *l);

/* libmodbus' send_msg, reduced: in recovery mode the request is sent again
   until it goes through, reconnecting after a dropped link, with a wait
   read from a field the loop never changes. */
int send_recovering_bad(struct link *l, const char *m, size_t n) {
  int rc;
  do {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    rc = l->backend->send(l, m, n);
    if (rc == -1 && l->recovery) {
      link_close(l);
      usleep(l->timeout_us);
      // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      link_connect(l);
    }
  } while (l->recovery && rc == -1);
  return rc;
}

/* The same with the success test first, and no wait at all. */
int send_until_sent_bad(struct link *l, const char *m, size_t n) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:3: warning: retry loop re-sends immediately after a failure
    if (link_send(l, m, n) == 0)
      break;
    link_close(l);
    link_connect(l);
  }
  return 0;
}

/* Near-miss: an address walk connects to each address once. */
int connect_any_ok(struct link **links, int n) {
  for (int i = 0; i < n; i++)
    if (link_connect(links[i]) == 0)
      return i;
  return -1;
}

/* Near-miss: a poll of a device's status that only asks whether its link
   is up, and flushes it when it is not. */
int poll_status_ok(struct link *l) {
  while (fetch_status(l) != 0) {
    if (!link_connected(l))
      report("link down");
    link_flush(l);
  }
  return 0;
}
