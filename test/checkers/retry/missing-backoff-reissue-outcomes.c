// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// Retries by re-issue (docs/rules.md, retries by re-issue), where the
// handler is the attempt itself: a connect function that tests its own
// call's outcome (a null handle, a negative status) and, on the failure,
// arms a timer whose callback calls it again. The function that arms the
// timer is the site, with its count and its delay; the timer callback only
// runs the attempt. A function named for the wait (a backoff) arms the next
// attempt: it is no attempt of its own, and a one-line wrapper of it
// re-issues nothing.

struct sul {
  void (*cb)(struct sul *);
};
typedef void (*sul_cb)(struct sul *);
void sul_schedule(struct sul *s, sul_cb cb, long us); /* another file */
struct wsi;
struct wsi *client_connect(const char *addr); /* another file; null on failure */
int dial(const char *addr);                     /* another file; < 0 on failure */
int request_tx(void *h);                        /* another file */
int rand(void);

#define container_of(p, T, m) ((T *)((char *)(p) - __builtin_offsetof(T, m)))

/* libwebsockets' stub reconnect, reduced: the connect tests its handle and
   arms the retry timer itself; the delay is constant. */
struct stub {
  struct sul sul;
  struct wsi *wsi;
  const char *addr;
  int ctry;
};

static void stub_again_cb(struct sul *s);

static int stub_connect_bad(struct stub *m) {
  m->wsi = client_connect(m->addr);
  if (!m->wsi) {
    if (m->ctry < 5) {
      m->ctry++;
      sul_schedule(&m->sul, stub_again_cb, 500 * 1000);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
    return -1;
  }
  return 0;
}

static void stub_again_cb(struct sul *s) {
  struct stub *m = container_of(s, struct stub, sul);
  if (!m->wsi)
    stub_connect_bad(m);
}

/* The same with a status variable and no count: every failure arms the
   timer again, for ever (the callback's name says so). */
struct dialer {
  struct sul sul;
  const char *addr;
  int fd;
};

static void dial_retry_cb(struct sul *s);

static void dial_start_bad(struct dialer *d) {
  int rc = dial(d->addr);
  if (rc < 0) {
    sul_schedule(&d->sul, dial_retry_cb, 1000 * 1000);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:5: warning: re-issue of 'dial_retry_cb' in 'dial_start_bad' has no attempt cap and no deadline
    return;
  }
  d->fd = rc;
}

static void dial_retry_cb(struct sul *s) {
  dial_start_bad(container_of(s, struct dialer, sul));
}

/* Near-miss: the timer is armed after a success (a keepalive of the
   connection just made), not after a failure. */
struct keeper {
  struct sul sul;
  struct wsi *wsi;
  const char *addr;
};

static void keep_cb(struct sul *s);

static void keep_connect_ok(struct keeper *k) {
  k->wsi = client_connect(k->addr);
  if (k->wsi)
    sul_schedule(&k->sul, keep_cb, 30 * 1000 * 1000);
}

static void keep_cb(struct sul *s) {
  keep_connect_ok(container_of(s, struct keeper, sul));
}

/* libwebsockets' secure-streams backoff, reduced: the backoff arms the
   jittered retry timer whose callback sends again; a failed send backs off
   through a one-line wrapper. Neither the wrapper's call of the backoff
   nor the backoff itself is an attempt. */
struct ss {
  struct sul sul;
  int retries;
};

static int ss_backoff_ok(struct ss *h);

static void ss_timeout_cb(struct sul *s) {
  struct ss *h = container_of(s, struct ss, sul);
  if (request_tx(h) < 0)
    ss_backoff_ok(h);
}

static int do_ss_backoff_ok(struct ss *h, long us_override) {
  if (h->retries++ > 5)
    return -1;
  long us = (1000L << h->retries) + rand() % 1000;
  if (us_override > us)
    us = us_override;
  sul_schedule(&h->sul, ss_timeout_cb, us);
  return 0;
}

static int ss_backoff_ok(struct ss *h) { return do_ss_backoff_ok(h, 0); }

/* The same backoff without its jitter: the finding is at the timer the
   backoff arms, not at the wrapper. (Its callback is not named for a
   timeout: a function named for a failure handles it, and is no attempt.) */
struct ss2 {
  struct sul sul;
  int retries;
};

static int ss2_backoff(struct ss2 *h);

static void ss2_again_cb(struct sul *s) {
  struct ss2 *h = container_of(s, struct ss2, sul);
  if (request_tx(h) < 0)
    ss2_backoff(h);
}

static int do_ss2_backoff_bad(struct ss2 *h, long us_override) {
  if (h->retries++ > 5)
    return -1;
  long us = 1000L << h->retries;
  if (us_override > us)
    us = us_override;
  sul_schedule(&h->sul, ss2_again_cb, us);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backoff grows between attempts but has no jitter
  return 0;
}

static int ss2_backoff(struct ss2 *h) { return do_ss2_backoff_bad(h, 0); }
