// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=NESTED -std=c11 %s retry-nested-layers %t
//
// A retry by re-issue whose re-arm is a function of its own (docs/rules.md,
// retries by re-issue): the attempt's failure calls `reconnect_enable`,
// which arms a timer with a delay it doubles and keeps in a member; the
// timer's callback starts the attempt, and when that fails again calls
// `reconnect_enable` once more. The function that arms the timer is the
// site (its delay is the wait); the callback only runs the attempt, and the
// calls in it that lead back through the re-arm are neither attempts of
// their own nor an inner layer.

struct timeval {
  long tv_sec;
  long tv_usec;
};
struct ub_event;
struct ub_event_base;
int ub_timer_add(struct ub_event *ev, struct ub_event_base *base,
                 void (*cb)(int, short, void *), void *arg,
                 struct timeval *tv);
int sock_connect(int fd, const char *host); /* -1 on failure */
int event_add_write(struct ub_event *ev);   /* 0 on failure */
void log_err(const char *msg);
int rand(void);

#define RECONNECT_MIN 10
#define RECONNECT_MAX 1000

struct dtio {
  struct ub_event *reconnect_timer;
  struct ub_event *event;
  struct ub_event_base *base;
  int reconnect_timeout;
  int reconnect_is_added;
  int want_to_exit;
  int fd;
};

static void dtio_reconnect_enable(struct dtio *d);

static void dtio_close_output(struct dtio *d) {
  d->event = 0;
  /* start reattempts to open it */
  dtio_reconnect_enable(d);
}

static void dtio_open_output(struct dtio *d) {
  if (sock_connect(d->fd, "collector") < 0) {
    dtio_reconnect_enable(d);
    return;
  }
  d->event = d->reconnect_timer;
}

static int dtio_add_output_event_write(struct dtio *d) {
  if (!event_add_write(d->event)) {
    dtio_close_output(d);
    return 0;
  }
  return 1;
}

/* unbound's dnstap reconnect, reduced. */
void dtio_reconnect_timeout_cb(int fd, short bits, void *arg) {
  struct dtio *d = arg;
  (void)fd;
  (void)bits;
  d->reconnect_is_added = 0;
  dtio_open_output(d);
  if (d->event) {
    if (!dtio_add_output_event_write(d))
      return;
    return;
  }
  /* exponential backoff and retry on timer */
  dtio_reconnect_enable(d);
}

/* attempt to reconnect to the output, after a timeout */
static void dtio_reconnect_enable(struct dtio *d) {
  struct timeval tv;
  int msec;
  if (d->want_to_exit)
    return;
  if (d->reconnect_is_added)
    return;
  msec = d->reconnect_timeout;
  if (msec == 0) {
    d->reconnect_timeout = RECONNECT_MIN;
  } else {
    d->reconnect_timeout = msec * 2;
    if (d->reconnect_timeout > RECONNECT_MAX)
      d->reconnect_timeout = RECONNECT_MAX;
  }
  tv.tv_sec = msec / 1000;
  tv.tv_usec = (msec % 1000) * 1000;
  if (ub_timer_add(d->reconnect_timer, d->base, &dtio_reconnect_timeout_cb, d,
                   &tv) != 0) {
    // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: backoff grows between attempts but has no jitter
    // CHECK-MESSAGES-BUDGET: :[[@LINE-3]]:7: warning: re-issue of 'dtio_reconnect_timeout_cb' in 'dtio_reconnect_enable' has no attempt cap and no deadline
    log_err("could not add the reconnect timer");
    return;
  }
  d->reconnect_is_added = 1;
}

/* The same re-arm with jitter and a count of attempts: silent. */
struct link {
  struct ub_event *timer;
  struct ub_event_base *base;
  int delay_ms;
  int attempts;
  int fd;
};

static void link_rearm_ok(struct link *l);

void link_timer_cb(int fd, short bits, void *arg) {
  struct link *l = arg;
  (void)fd;
  (void)bits;
  if (sock_connect(l->fd, "peer") < 0)
    link_rearm_ok(l);
}

/* reconnect later, with backoff */
static void link_rearm_ok(struct link *l) {
  struct timeval tv;
  int ms;
  if (++l->attempts > 5)
    return;
  l->delay_ms = l->delay_ms ? l->delay_ms * 2 : 100;
  ms = l->delay_ms / 2 + rand() % (l->delay_ms / 2 + 1);
  tv.tv_sec = ms / 1000;
  tv.tv_usec = (ms % 1000) * 1000;
  ub_timer_add(l->timer, l->base, &link_timer_cb, l, &tv);
}
