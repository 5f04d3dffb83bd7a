// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// Retries by re-issue in C (docs/rules.md, retries by re-issue): the
// handler of a failure registers a timer callback that starts the attempt
// again (a function handed by name) and arms the timer with a delay (a
// `struct timeval`). The wait is that delay: it grows when it is computed
// from what the handler counts, and is jittered when a random source feeds
// it. A timer re-armed by its own callback after a success is no retry.

struct event {
  int fd;
};
struct timeval {
  long tv_sec;
  long tv_usec;
};
typedef void (*event_cb)(int fd, short what, void *arg);
int timer_assign(struct event *ev, event_cb cb, void *arg); /* another file */
int event_add(struct event *ev, const struct timeval *timeout);
int sock_connect(int fd, const char *host); /* -1 on failure */
int send_ping(int fd);
int rand(void);
int timer_del(struct event *ev);

struct conn {
  int fd;
  const char *host;
  struct event retry_ev;
  int retry_cnt;
  int retry_max;
  struct timeval initial_retry_timeout;
};

static void conn_fail(struct conn *c);

static void conn_start(struct conn *c) {
  if (sock_connect(c->fd, c->host) < 0)
    conn_fail(c);
}

static void conn_retry_cb(int fd, short what, void *arg) {
  (void)fd;
  (void)what;
  conn_start(arg);
}

/* libevent's HTTP connection retry, reduced: the delay doubles with each
   retry the connection counts, and nothing spreads the clients out. */
static void conn_fail(struct conn *c) {
  if (c->retry_max < 0 || c->retry_cnt < c->retry_max) {
    struct timeval tv = c->initial_retry_timeout;
    int i;
    timer_assign(&c->retry_ev, conn_retry_cb, c);
    for (i = 0; i < c->retry_cnt; ++i)
      tv.tv_sec *= 2;
    event_add(&c->retry_ev, &tv);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    c->retry_cnt++;
  }
}

struct probe {
  int fd;
  const char *host;
  struct event ev;
};

static void probe_failed(struct probe *p);

static void probe_send(struct probe *p) {
  if (sock_connect(p->fd, p->host) < 0)
    probe_failed(p);
}

static void probe_cb(int fd, short what, void *arg) {
  (void)fd;
  (void)what;
  probe_send(arg);
}

/* A constant delay: every client probes again on the same beat. */
static void probe_failed(struct probe *p) {
  struct timeval tv = {10, 0};
  /* probe the server again later */
  timer_assign(&p->ev, probe_cb, p);
  // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: re-issue of 'probe_cb' in 'probe_failed' has no attempt cap and no deadline
  event_add(&p->ev, &tv);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: wait between attempts is constant and has no jitter
}

struct dialer {
  int fd;
  const char *host;
  struct event ev;
  int attempts;
};

static void dial_failed_ok(struct dialer *d);

static void dial(struct dialer *d) {
  if (sock_connect(d->fd, d->host) < 0)
    dial_failed_ok(d);
}

static void dial_cb(int fd, short what, void *arg) {
  (void)fd;
  (void)what;
  dial(arg);
}

/* Capped, growing and jittered: silent. */
static void dial_failed_ok(struct dialer *d) {
  struct timeval tv;
  if (++d->attempts > 5)
    return;
  tv.tv_sec = 1L << d->attempts;
  tv.tv_usec = rand() % 1000000;
  timer_assign(&d->ev, dial_cb, d);
  event_add(&d->ev, &tv);
}

/* A keepalive re-armed by its own callback after each ping: no failure
   starts it again. */
static void keepalive_cb(int fd, short what, void *arg) {
  struct probe *p = arg;
  struct timeval tv = {30, 0};
  (void)fd;
  (void)what;
  send_ping(p->fd);
  timer_assign(&p->ev, keepalive_cb, p);
  event_add(&p->ev, &tv);
}

/* A descriptor watch with no timeout hands over an I/O handler, not an
   attempt to start later: the reconnect is no site at the watch. The I/O
   handler that reconnects on a read error is one: at once, every time. */
int io_watch(int fd, event_cb cb, void *arg); /* another file */
int io_add(struct event *ev, const struct timeval *timeout);

struct rconn {
  int fd;
  const char *host;
  struct event ev;
};

static void rconn_on_data(int fd, short what, void *arg);

static void rconn_reconnect(struct rconn *c) {
  /* reconnect to the server */
  if (sock_connect(c->fd, c->host) < 0)
    return;
  io_watch(c->fd, rconn_on_data, c);
  io_add(&c->ev, 0);
}

static void rconn_on_data(int fd, short what, void *arg) {
  if (what < 0)
    rconn_reconnect(arg);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: re-issue of 'rconn_reconnect' in 'rconn_on_data' re-sends immediately after a failure
  // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:5: warning: re-issue of 'rconn_reconnect' in 'rconn_on_data' has no attempt cap and no deadline
  else
    send_ping(fd);
}

/* A timer whose callback was registered elsewhere, armed again by the
   failure handler with a longer delay each time (libevent's nameserver
   probe): the wait grows with the failures counted, with no jitter. */
struct nameserver {
  int fd;
  const char *host;
  struct event timeout_event;
  int failed_times;
};

static void ns_probe_failed(struct nameserver *ns);
static void ns_failed(struct nameserver *ns);

static void ns_check_reply(struct nameserver *ns) {
  if (send_ping(ns->fd) < 0)
    ns_failed(ns);
}

static void ns_send_probe(struct nameserver *ns) {
  if (sock_connect(ns->fd, ns->host) < 0)
    ns_probe_failed(ns);
  else
    ns_check_reply(ns);
}

static void ns_prod_cb(int fd, short what, void *arg) {
  (void)fd;
  (void)what;
  ns_send_probe(arg);
}

/* A server marked down starts the probes; the probe that fails is retried
   by ns_probe_failed, the handler its failure reaches first, not here. */
static void ns_failed(struct nameserver *ns) {
  struct timeval tv = {10, 0}; /* probe it again in 10 s */
  timer_assign(&ns->timeout_event, ns_prod_cb, ns);
  event_add(&ns->timeout_event, &tv);
}

/* wait longer before the next probe */
static void ns_probe_failed(struct nameserver *ns) {
  struct timeval timeout = {10, 0};
  int i;
  timer_del(&ns->timeout_event); /* disarming is no re-issue */
  for (i = ns->failed_times; i > 0; --i)
    timeout.tv_sec *= 3;
  ns->failed_times++;
  event_add(&ns->timeout_event, &timeout);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backoff grows between attempts but has no jitter
  // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:3: warning: re-issue of 'ns_prod_cb' in 'ns_probe_failed' has no attempt cap and no deadline
}

/* A protocol clock re-armed for its next deadline (libnice's pseudo-TCP
   clock): the tests around the timer compare times named for a timeout,
   which say when, not that something failed. */
struct ptcp;
int ptcp_is_closed(struct ptcp *t);
int ptcp_next_clock(struct ptcp *t, long *timeout); /* another file */
void ptcp_notify_clock(struct ptcp *t);             /* another file */
void ptcp_error(struct ptcp *t);
struct clocked {
  struct ptcp *tcp;
  struct event clock_ev;
  long last_clock_timeout;
};
static void clock_cb(int fd, short what, void *arg);
static void adjust_clock_ok(struct clocked *c) {
  long timeout = c->last_clock_timeout;
  if (ptcp_is_closed(c->tcp))
    return;
  if (!ptcp_next_clock(c->tcp, &timeout)) {
    ptcp_error(c->tcp);
    return;
  }
  if (timeout != c->last_clock_timeout) {
    struct timeval tv = {timeout / 1000, 0};
    c->last_clock_timeout = timeout;
    timer_assign(&c->clock_ev, clock_cb, c);
    event_add(&c->clock_ev, &tv);
  }
}
static void clock_cb(int fd, short what, void *arg) {
  struct clocked *c = arg;
  (void)fd;
  (void)what;
  ptcp_notify_clock(c->tcp);
  adjust_clock_ok(c);
}
