// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A policy is a retry site where it is written (docs/rules.md, policies):
// a function that counts the attempts and grows the delay kept for the
// next one, which a timer or a loop elsewhere waits, is judged here. A
// delay it grows from its own value with nothing random in it makes every
// client that failed together come back together.

typedef struct stun_timer {
  unsigned delay;
  unsigned retransmissions;
  unsigned max_retransmissions;
  long deadline;
} stun_timer;
enum timer_return { TIMER_SUCCESS, TIMER_RETRANSMIT, TIMER_TIMEOUT };
long now_ms(void);
int rand(void);

/* libnice's stun_timer_refresh, reduced: the retransmission delay doubles
   (halved for the last one) and nothing random is added. */
enum timer_return stun_timer_refresh_bad(stun_timer *timer) {
  if (timer->deadline > now_ms())
    return TIMER_SUCCESS;
  if (timer->retransmissions >= timer->max_retransmissions)
    return TIMER_TIMEOUT;
  if (timer->retransmissions == timer->max_retransmissions - 1)
    timer->delay = timer->delay / 2;
  else
    timer->delay = timer->delay * 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  timer->deadline = now_ms() + timer->delay;
  timer->retransmissions++;
  return TIMER_RETRANSMIT;
}

struct reconnect_policy {
  int retries, max_retries;
  int interval_ms, interval_max_ms;
};

/* A shift grows the interval, capped, and the counter is named for
   retries. */
int next_try_bad(struct reconnect_policy *p) {
  if (p->max_retries > 0 && p->retries >= p->max_retries)
    return 0;
  p->interval_ms <<= 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backoff grows between attempts but has no jitter
  if (p->interval_ms > p->interval_max_ms)
    p->interval_ms = p->interval_max_ms;
  p->retries++;
  return 1;
}

/* The same policy with a random part added to the delay it keeps. */
struct jittered_timer {
  unsigned delay, retransmissions, max_retransmissions;
  long deadline;
};
enum timer_return refresh_jittered_ok(struct jittered_timer *timer) {
  if (timer->retransmissions >= timer->max_retransmissions)
    return TIMER_TIMEOUT;
  timer->delay = timer->delay * 2 + (unsigned)(rand() % 100);
  timer->deadline = now_ms() + timer->delay;
  timer->retransmissions++;
  return TIMER_RETRANSMIT;
}

/* Growing a buffer: a size, not a delay. */
struct buffer {
  unsigned cap, grown;
  char *data;
};
void buffer_grow_ok(struct buffer *b) {
  b->cap = b->cap * 2;
  b->grown++;
}

/* A delay grown from its own value by a function that counts nothing:
   a clock's period, no attempts. */
struct ticker {
  unsigned period_ms;
};
void ticker_slow_down_ok(struct ticker *t) { t->period_ms = t->period_ms * 2; }

/* The delay grown inside a loop that retries is that loop's wait, judged
   at the loop (the loop, not this policy, is the site). */
int send_order(int fd);
void usleep(unsigned usec);
int send_with_loop_backoff(int fd) {
  struct reconnect_policy p = {0, 5, 100, 10000};
  while (send_order(fd) < 0 && p.retries < p.max_retries) {
    p.retries++;
    usleep((unsigned)p.interval_ms * 1000u);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    p.interval_ms = p.interval_ms * 2;
  }
  return 0;
}
