// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// An integer result tested for its truth (`if (!ret) break;`) says which
// value succeeds only through what the code does with it. A loop that
// hands the non-zero result back as its own status (`return ret;`) uses
// C's convention: zero succeeded, anything else is the error code passed
// up, so the way back after a non-zero result retries a failure.

#include <sys/select.h>

#define EPERM 1
struct conn;
struct proto {
  int (*tcp_connect)(struct conn *); // the protocol's connect, per server
};
struct conn {
  struct proto *proto;
  int reconnect_timeout, reconnect_interval, got_cancel;
  int (*read_some)(struct conn *);
};
long time(long *t);

/* Waits up to timeout seconds for a command on the control socket. */
void poll_cmd_fd(struct conn *c, int timeout) {
  long expiration = time(0) + timeout, now = 0;
  while (now < expiration && !c->got_cancel) {
    struct timeval tv;
    fd_set rd;
    now = time(0);
    tv.tv_sec = now >= expiration ? 0 : expiration - now;
    tv.tv_usec = 0;
    FD_ZERO(&rd);
    select(1, &rd, 0, 0, &tv);
  }
}
int open_tunnel(struct conn *c);                // another file
int fetch_reply(struct conn *c);                // another file
int rand(void);
void usleep(unsigned usec);

/* openconnect's ssl_reconnect, reduced: the wait grows by a constant step
   and nothing random is in it. */
int reconnect_growing_bad(struct conn *c) {
  int ret;
  int timeout = c->reconnect_timeout, interval = c->reconnect_interval;
  while (1) {
    ret = c->proto->tcp_connect(c);
    if (!ret)
      break;
    if (timeout <= 0)
      return ret;
    if (ret == -EPERM) // the cookie was refused: no use going on
      return ret;
    poll_cmd_fd(c, interval);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    if (c->got_cancel)
      return -4;
    timeout -= interval;
    interval += c->reconnect_interval;
  }
  return 0;
}

/* The same test written with the assignment in the condition, and the
   status passed up when the attempts run out. */
int reopen_tunnel_bad(struct conn *c) {
  int ret, tries = 0;
  while (1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (!(ret = open_tunnel(c)))
      return 0;
    if (++tries >= 3)
      return ret;
  }
}

/* The non-zero result handed back at once: a failure that leaves. */
int reconnect_once_ok(struct conn *c) {
  int ret;
  for (int attempt = 0; attempt < 3; attempt++) {
    ret = open_tunnel(c);
    if (ret)
      return ret;
    usleep(1000 + rand() % 1000);
  }
  return 0;
}

/* A read until the peer has nothing more: zero ends the stream, and what
   is read is added up, not passed up. */
int drain_ok(struct conn *c) {
  int n, total = 0;
  while (1) {
    n = c->read_some(c);
    if (!n)
      break;
    total += n;
  }
  return total;
}

/* A reply awaited: a non-zero result is the reply, handed back. */
int await_reply_ok(struct conn *c) {
  for (int tries = 0; tries < 5; tries++) {
    int n = fetch_reply(c);
    if (n)
      return n;
    usleep(1000);
  }
  return 0;
}
