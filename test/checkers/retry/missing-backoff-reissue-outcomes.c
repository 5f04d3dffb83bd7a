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
int send_ping(int fd);                          /* another file; < 0 on failure */
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

/* Near-misses: a timer that re-arms itself while a state it polls is not
   there yet. libevent's rate-limit refill re-arms while a bucket is still
   empty (`again`, set from the bucket's own numbers); libwebsockets' reaper
   re-arms while the child process has not exited (a countdown named for
   retries beside it). Nothing failed: re-arming on a state is a poll. A
   timer that re-arms itself after its own call failed is a retry (above:
   `dial_start_bad`'s callback re-dials through it). */
struct bucket {
  struct sul sul;
  long read_limit;
  long write_limit;
};
void bucket_update(struct bucket *b); /* another file */

static void refill_cb_ok(struct sul *s) {
  struct bucket *b = container_of(s, struct bucket, sul);
  int again = 0;
  bucket_update(b);
  if (b->read_limit <= 0)
    again = 1;
  if (b->write_limit <= 0)
    again = 1;
  if (again)
    sul_schedule(&b->sul, refill_cb_ok, 1000);
}

struct spawn {
  struct sul sul_reap;
  int pipes_alive;
  int reap_retry_budget;
};
int spawn_reap(struct spawn *p); /* another file; non-zero once reaped */
void spawn_kill(struct spawn *p);

static void spawn_reap_cb_ok(struct sul *s) {
  struct spawn *p = container_of(s, struct spawn, sul_reap);
  if (!spawn_reap(p) && !p->pipes_alive) {
    if (--p->reap_retry_budget)
      sul_schedule(&p->sul_reap, spawn_reap_cb_ok, 250 * 1000);
    else
      spawn_kill(p);
  }
}

/* A handler that re-arms itself after the send it makes failed. */
struct pinger {
  struct sul sul;
  int fd;
};

static void ping_retry_cb_bad(struct sul *s) {
  struct pinger *p = container_of(s, struct pinger, sul);
  if (send_ping(p->fd) < 0)
    sul_schedule(&p->sul, ping_retry_cb_bad, 2000 * 1000);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:5: warning: re-issue of 'ping_retry_cb_bad' in 'ping_retry_cb_bad' has no attempt cap and no deadline
}

/* libnice's pseudo-TCP, reduced: a transmit failure closes the socket
   down as the remote's doing, and only a local close sends the reset
   through the same send. The attempt calls the handler with the constant
   its test rules out, so no failure starts the send again. */
enum closedown_source { CLOSEDOWN_LOCAL, CLOSEDOWN_REMOTE };
struct ptcp {
  int fd, support_fin_ack, state;
};
int transmit(int fd, int flags); /* another file; < 0 on failure */
void queue_rst(struct ptcp *t);
static void closedown(struct ptcp *t, int err, enum closedown_source source);

static void attempt_send(struct ptcp *t, int flags) {
  while (t->state > 0) {
    int status = transmit(t->fd, flags);
    if (status < 0) {
      closedown(t, status, CLOSEDOWN_REMOTE);
      return;
    }
    t->state--;
  }
}

static void closedown(struct ptcp *t, int err, enum closedown_source source) {
  (void)err;
  if (source == CLOSEDOWN_LOCAL && t->support_fin_ack) {
    queue_rst(t);
    attempt_send(t, 4);
  }
  t->state = 0;
}

void ptcp_close_ok(struct ptcp *t) { closedown(t, 0, CLOSEDOWN_LOCAL); }
