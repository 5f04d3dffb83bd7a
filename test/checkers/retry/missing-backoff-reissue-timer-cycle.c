// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// Retransmission timers written as a cycle (docs/rules.md, retries by
// re-issue): a send function sends, counts its transmissions in a field and
// arms a timer whose handler is named for the timeout; the reply's handler
// cancels the timer. When it fires, the handler gives up at the bound or
// sends again. The handler and the send function form the cycle; the
// handler's call of the send function is the retry, capped by the field,
// waiting the timer's delay. A keep-alive that re-arms at its interval
// whatever the reply is a periodic task, not a retry.

typedef void (*timer_cb)(void *);
void ppp_timeout(timer_cb func, void *arg, int s, int us);
void ppp_untimeout(timer_cb func, void *arg);
#define TIMEOUT(r, f, t) ppp_timeout((r), (f), (t), 0)
#define UNTIMEOUT(r, f) ppp_untimeout((r), (f))
void output(int unit, unsigned char *p, int len);
void error(const char *fmt, ...);
void auth_failed(int unit);
void link_failure(int unit);

unsigned char outpacket_buf[1500];

struct pap_state {
  int unit;
  int clientstate;
  int transmits;
  int maxtransmits;
  int timeouttime;
};

static void pap_timeout(void *arg);

/* The send function: one request, then the retransmission timer. */
static void pap_send_authreq(struct pap_state *u) {
  output(u->unit, outpacket_buf, 64);
  TIMEOUT(pap_timeout, u, u->timeouttime);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: wait between {{.*}} is constant and has no jitter
  ++u->transmits;
  u->clientstate = 1;
}

/* The timer fired: no Ack or Nak came back. */
static void pap_timeout(void *arg) {
  struct pap_state *u = arg;
  if (u->clientstate != 1)
    return;
  if (u->transmits >= u->maxtransmits) {
    error("No response to PAP authenticate-requests");
    auth_failed(u->unit);
    return;
  }
  pap_send_authreq(u);
}

/* The reply cancels the timer. */
void pap_rcv_ack(struct pap_state *u) {
  UNTIMEOUT(pap_timeout, u);
  u->clientstate = 2;
}

struct fsm {
  int unit;
  int state;
  int retransmits;
  int timeouttime;
  int id;
};

/* A handler that re-arms itself under a count that goes down. */
static void fsm_timeout(void *arg) {
  struct fsm *f = arg;
  switch (f->state) {
  case 1:
    if (f->retransmits <= 0) {
      f->state = 0;
    } else {
      output(f->unit, outpacket_buf, 4);
      TIMEOUT(fsm_timeout, f, f->timeouttime);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between {{.*}} is constant and has no jitter
      --f->retransmits;
    }
    break;
  default:
    break;
  }
}

void fsm_rtermack(struct fsm *f) {
  UNTIMEOUT(fsm_timeout, f);
  f->state = 0;
}

struct chap_state {
  int unit;
  int xmits;
  int max_transmits;
  int timeout_time;
};

/* A self re-arm whose count is tested first and stepped after the send. */
static void chap_timeout(void *arg) {
  struct chap_state *ss = arg;
  if (ss->xmits >= ss->max_transmits) {
    auth_failed(ss->unit);
    return;
  }
  output(ss->unit, outpacket_buf, 32);
  ++ss->xmits;
  TIMEOUT(chap_timeout, ss, ss->timeout_time);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: wait between {{.*}} is constant and has no jitter
}

void chap_rcv_success(struct chap_state *ss) {
  UNTIMEOUT(chap_timeout, ss);
}

/* A keep-alive: an echo every interval whatever came back; the count of
   echoes pending only declares the link dead. Periodic, not a retry. */
int echos_pending, echo_fails, echo_interval;
static void echo_timeout_ok(void *arg);
static void send_echo(struct fsm *f) {
  if (echo_fails != 0 && echos_pending >= echo_fails) {
    link_failure(f->unit);
    echos_pending = 0;
  }
  output(f->unit, outpacket_buf, 8);
  ++echos_pending;
}
static void echo_check(struct fsm *f) {
  send_echo(f);
  if (f->state != 9)
    return;
  TIMEOUT(echo_timeout_ok, f, echo_interval);
}
static void echo_timeout_ok(void *arg) { echo_check((struct fsm *)arg); }
void echo_reply(struct fsm *f) { echos_pending = 0; }
