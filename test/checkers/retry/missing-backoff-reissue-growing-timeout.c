// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// A reconnect re-armed with a delay that grows and is clamped (tinc's
// retry_outgoing): the delay is a time, not a count of attempts, and the
// test that clamps it decides nothing about whether the reconnect runs, so
// there is no cap. A spread drawn by a function of the project named for
// it (`jitter()`, `prng()`, like `random_range()`) is jitter, also when its
// body ends in a generator the model does not know (`xoshiro()`).

struct timeval {
  long tv_sec;
  long tv_usec;
};
struct timeout;
typedef void (*timeout_cb_t)(void *data);
void timeout_add(struct timeout *t, timeout_cb_t cb, void *data,
                 const struct timeval *tv);
unsigned long long xoshiro(void); // another file
static inline unsigned prng(unsigned limit) {
  return (unsigned)(xoshiro() % limit);
}
static inline long jitter(void) { return (long)prng(131072); }
void logger(int level, const char *fmt, ...);
void setup_outgoing_connection(void *outgoing, int reset);
int maxtimeout = 900;

struct outgoing {
  struct timeout *ev;
  int timeout;
};

static void retry_outgoing_handler(void *data) {
  setup_outgoing_connection(data, 1);
}

/* Growing, clamped, jittered: no backoff finding, but no cap either. */
void retry_outgoing_bad(struct outgoing *outgoing) {
  outgoing->timeout += 5;
  if (outgoing->timeout > maxtimeout)
    outgoing->timeout = maxtimeout;
  timeout_add(outgoing->ev, retry_outgoing_handler, outgoing,
              &(struct timeval){outgoing->timeout, jitter()});
  // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:3: warning: {{.*}} has no attempt cap and no deadline
  logger(1, "Trying to re-establish outgoing connection in %d seconds",
         outgoing->timeout);
}

void setup_outgoing_connection(void *data, int reset) {
  struct outgoing *outgoing = data;
  if (reset)
    logger(1, "connecting");
  retry_outgoing_bad(outgoing);
}

/* A spread named as its absence is none: `compute_no_jitter()` adds
   nothing random. */
long compute_no_jitter(long base_ms); // another file
int plain_connect(struct outgoing *o); // another file
struct plain {
  struct outgoing *o;
  struct timeout *ev;
  int tries;
  long delay_ms;
};
static void plain_retry_handler(void *data);
void plain_start_bad(struct plain *p) {
  if (plain_connect(p->o) == 0)
    return;
  if (p->tries++ >= 5)
    return;
  p->delay_ms *= 2;
  timeout_add(p->ev, plain_retry_handler, p,
              &(struct timeval){0, compute_no_jitter(p->delay_ms)});
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: {{.*}}grows between attempts but has no jitter
}
static void plain_retry_handler(void *data) { plain_start_bad(data); }
