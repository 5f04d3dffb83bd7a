// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// A retransmission timer (docs/rules.md, retries by re-issue): a function
// sends and re-arms itself, under a test of a counter of its own sends
// against a bound (`if (state->rsprobes++ < MAX_RTR_SOLICITATIONS)`); the
// reply's handler cancels the timer. It sends again because no reply came:
// a retry, capped by the counter, waiting the delay it re-arms with. The
// same re-arm under a test of a state it polls (a child not reaped yet) is
// a poll, and a re-arm with no counter and no failure is a periodic task.

struct eloop;
int eloop_q_timeout_add_sec(struct eloop *e, int queue, unsigned int,
                            void (*cb)(void *), void *arg);
#define ELOOP_QUEUE 1
#define eloop_timeout_add_sec(e, secs, cb, arg)                                \
  eloop_q_timeout_add_sec((e), ELOOP_QUEUE, (secs), (cb), (arg))
struct msghdr {
  int flags;
};
long sendmsg(int s, const struct msghdr *m, int flags);
int send_probe(int fd, const char *host);
int child_exited(int pid);
void logerr(const char *f);
void logwarnx(const char *f, const char *n);
unsigned int arc4random_uniform(unsigned int n);

struct rs_state {
  int rsprobes;
};
struct ctx {
  struct eloop *eloop;
  int nd_fd;
};
struct interface {
  struct ctx *ctx;
  struct rs_state *state;
  const char *name;
};

#define MAX_RTR_SOLICITATIONS 3
#define RTR_SOLICITATION_INTERVAL 4

/* dhcpcd's Router Solicitation, reduced: four sends, four seconds apart,
   until a Router Advertisement deletes the timer. */
static void ipv6nd_sendrsprobe(void *arg) {
  struct interface *ifp = arg;
  struct rs_state *state = ifp->state;
  struct eloop *e = ifp->ctx->eloop;
  struct msghdr msg = {0};

  if (sendmsg(ifp->ctx->nd_fd, &msg, 0) == -1)
    logerr(__func__);
  if (state->rsprobes++ < MAX_RTR_SOLICITATIONS)
    eloop_timeout_add_sec(e, RTR_SOLICITATION_INTERVAL, ipv6nd_sendrsprobe, ifp);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between {{.*}} is constant and has no jitter
  else
    logwarnx("%s: no IPv6 Routers available", ifp->name);
}

struct prober {
  struct eloop *eloop;
  int fd;
  const char *host;
  int sent;
  int pid;
  int checks;
};

/* The same with thirty sends, each interval drawn at random. */
static void prober_send(void *arg) {
  struct prober *p = arg;
  unsigned delay = 1 + arc4random_uniform(3);
  send_probe(p->fd, p->host);
  if (p->sent++ < 30)
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:7: warning: re-issue of {{.*}} makes up to 31 {{.*}}, more than 10
    eloop_timeout_add_sec(p->eloop, delay, prober_send, p);
}

/* A poll: re-armed while the child has not exited, ten checks at most. */
static void reap_child_ok(void *arg) {
  struct prober *p = arg;
  if (!child_exited(p->pid) && p->checks++ < 10)
    eloop_timeout_add_sec(p->eloop, 1, reap_child_ok, p);
}

/* A periodic probe with no count and no failure: a task, not a retry. */
static void heartbeat_ok(void *arg) {
  struct prober *p = arg;
  send_probe(p->fd, p->host);
  eloop_timeout_add_sec(p->eloop, 30, heartbeat_ok, p);
}
