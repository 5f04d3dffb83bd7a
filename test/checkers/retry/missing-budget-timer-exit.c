// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -isystem %S/Inputs/System
//
// A call handed a timer, a deadline or a backoff record asks whether time
// is up (docs/rules.md, budget exits): its answer is the retry's budget,
// not an operation retried. A loop that leaves when it says "time out" is
// bounded by it, whatever the timer's own cap.

#include <poll.h>
#include <sys/socket.h>

typedef struct stun_timer {
  unsigned delay, retransmissions, max_retransmissions;
} stun_timer;
typedef struct deadline {
  long at;
} deadline;
enum timer_return { TIMER_SUCCESS, TIMER_RETRANSMIT, TIMER_TIMEOUT };
enum trans_return { TRANS_SUCCESS, TRANS_RETRY };

// Another file: the timer policy, and a transport.
unsigned stun_timer_remainder(const stun_timer *t);
enum timer_return stun_timer_refresh(stun_timer *t);
int deadline_passed(const deadline *d);
int send_request(int fd, const char *req, unsigned len);
/* This file's own transport, over the operating system's calls. */
typedef struct transport {
  int fd;
} transport;
static enum trans_return trans_poll(transport *tr, unsigned delay) {
  struct pollfd p = {tr->fd, 1, 0};
  if (poll(&p, 1, (int)delay) <= 0)
    return TRANS_RETRY;
  return TRANS_SUCCESS;
}
static int trans_send(transport *tr, const char *req, unsigned len) {
  return (int)sendto(tr->fd, req, len, 0, 0, 0);
}
static int trans_recv(transport *tr, char *buf, unsigned len) {
  return (int)recvfrom(tr->fd, buf, len, 0, 0, 0);
}

/* libnice's blocking binding, reduced: the timer says when to re-send and
   when to give up. */
int binding_run_ok(transport *tr, const char *req, unsigned len, char *buf) {
  stun_timer timer = {500, 0, 3};
  enum trans_return ret;
  int val, result = -1;
  for (;;) {
    unsigned delay = stun_timer_remainder(&timer);
    ret = trans_poll(tr, delay);
    if (ret == TRANS_RETRY) {
      switch (stun_timer_refresh(&timer)) {
      case TIMER_TIMEOUT:
        goto done;
      case TIMER_RETRANSMIT:
        val = trans_send(tr, req, len);
        if (val < -1)
          goto done;
        continue;
      case TIMER_SUCCESS:
      default:
        break;
      }
    }
    val = trans_recv(tr, buf, 512);
    if (val >= 0)
      break;
  }
  result = val;
done:
  return result;
}

/* A backoff record asked in a switch whose one case gives up. */
typedef struct backoff_state {
  unsigned next_ms, tries;
} backoff_state;
enum backoff_answer { BACKOFF_WAIT, BACKOFF_STOP };
enum backoff_answer backoff_next(backoff_state *b); // another file
int post_order(int fd, const char *order);          // another file
void wait_ms(unsigned ms);

int post_with_backoff_ok(int fd, const char *order) {
  backoff_state b = {100, 0};
  while (post_order(fd, order) < 0) {
    switch (backoff_next(&b)) {
    case BACKOFF_STOP:
      return -1;
    default:
      wait_ms(b.next_ms);
      break;
    }
  }
  return 0;
}

/* The same budget asked of a deadline record in the loop's condition. */
int resend_until_deadline_ok(int fd, const char *req, unsigned len,
                             const deadline *d) {
  int retry_count = 0;
  while (!deadline_passed(d)) {
    if (send_request(fd, req, len) >= 0)
      return 0;
    retry_count++;
  }
  return -1;
}

/* The timer is kept but never asked whether time is up: the re-send goes
   on for ever. */
int resend_forever_bad(int fd, const char *req, unsigned len) {
  stun_timer retry_timer = {500, 0, 3};
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (send_request(fd, req, len) >= 0)
      break;
    stun_timer_refresh(&retry_timer);
  }
  return 0;
}
