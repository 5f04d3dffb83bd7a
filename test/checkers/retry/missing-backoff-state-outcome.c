// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// Outcomes travel through a state the loop marks (docs/rules.md, outcomes
// travel): after sending, the round marks a state (`conn->state = SENT`)
// and hands its owner to a call that moves it on when the reply comes; the
// loop goes back while the mark is still there, that is when no reply
// came. The send is retried after that failure. A loop that marks a state
// with no sign of retrying (no attempt counter, no retry word) is a read
// or a walk, and stays silent.

enum { IDLE, SENT_PADI, GOT_PADO, SENT_PADR, SESSION };
struct conn {
  int sock;
  int state;
  int attempts;
  int timeout;
};
void send_padi(struct conn *c);
void send_padr(struct conn *c);
void wait_for_pado(struct conn *c, int timeout);
void wait_for_pads(struct conn *c, int timeout);
void warn(const char *fmt, ...);
void close_socket(int fd);

/* PPPoE discovery: the wait doubles and nothing spreads it. */
void discovery1_bad(struct conn *c) {
  int padiAttempts = 0;
  int timeout = c->timeout;
  do {
    padiAttempts++;
    if (padiAttempts > c->attempts) {
      warn("Timeout waiting for PADO packets");
      close_socket(c->sock);
      return;
    }
    send_padi(c);
    c->state = SENT_PADI;
    wait_for_pado(c, timeout);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    timeout *= 2;
  } while (c->state == SENT_PADI);
}

/* The mark tested in the body, a constant wait. */
int discovery2_bad(struct conn *c) {
  for (int tries = 0; tries < 3; tries++) {
    send_padr(c);
    c->state = SENT_PADR;
    wait_for_pads(c, 5);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
    if (c->state != SENT_PADR)
      return 0;
  }
  return -1;
}

/* A local marked and handed by address. */
int send_query(int fd);
void await_answer(int fd, int *state, int seconds);
int query_bad(int fd) {
  int state, retries = 0;
  do {
    send_query(fd);
    state = 1;
    await_answer(fd, &state, 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  } while (state == 1 && ++retries < 4);
  return state == 1 ? -1 : 0;
}

/* A read that marks its progress: no attempt counter, no retry word. */
void read_chunk(struct conn *c);
void read_all_ok(struct conn *c) {
  do {
    c->state = SENT_PADI;
    read_chunk(c);
  } while (c->state == SENT_PADI);
}
