// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -isystem %S/Inputs/System
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// The time left before a deadline (docs/rules.md, budgets): what a helper
// computes from clock readings alone (`diff = ms_diff(&end, &now)`, handed
// only times) is a reading of the clock, so a loop that leaves when it
// runs out (`if (diff <= 0) goto done;`) has a deadline. A wait of the
// time left (`poll(fds, n, diff)`) shrinks as the deadline nears: it does
// not grow, and it is no backoff that would make the loop a retry.

#include <poll.h>
#include <sys/time.h>

#define NULL ((void *)0)
extern int errno;
#define EINTR 4
/* An EINTR restart of its own, in a macro. */
#define RETRY_ON_EINTR(ret, expr)                                              \
  while (1) {                                                                  \
    ret = expr;                                                                \
    if (ret >= 0)                                                              \
      break;                                                                   \
    ret = -errno;                                                              \
    if (ret != -EINTR)                                                         \
      break;                                                                   \
  }

int send_request(int fd);                    // another file
int conn_prepare(int i, struct pollfd *pfd); // another file
int conn_handle_event(int i);                // another file
void conn_close(int i);
long tv_diff_ms(const struct timeval *a, const struct timeval *b); // another file

static int ms_diff(const struct timeval *t1, const struct timeval *t2) {
  long sec = t1->tv_sec - t2->tv_sec;
  long usec = t1->tv_usec - t2->tv_usec;
  return (int)(sec * 1000 + usec / 1000);
}

/* A retry whose deadline is read through a same-file helper. */
int send_until_deadline_helper_ok(int fd) {
  struct timeval end, now;
  gettimeofday(&end, NULL);
  end.tv_sec += 5;
  for (int attempt = 1;; attempt++) {
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (send_request(fd) == 0)
      return 0;
    gettimeofday(&now, NULL);
    if (ms_diff(&end, &now) <= 0)
      return -1;
  }
}

/* The time left stored in a variable of the round first. */
int send_until_deadline_assigned_ok(int fd) {
  struct timeval end, now;
  gettimeofday(&end, NULL);
  end.tv_sec += 5;
  for (int attempt = 1;; attempt++) {
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    int left;
    if (send_request(fd) == 0)
      return 0;
    gettimeofday(&now, NULL);
    left = ms_diff(&end, &now);
    if (left <= 0)
      return -1;
  }
}

/* The same through a helper of another file, handed only times. */
int send_until_deadline_external_ok(int fd) {
  struct timeval end, now;
  gettimeofday(&end, NULL);
  end.tv_sec += 5;
  for (int attempt = 1;; attempt++) {
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (send_request(fd) == 0)
      return 0;
    gettimeofday(&now, NULL);
    long left = tv_diff_ms(&end, &now);
    if (left <= 0)
      return -1;
  }
}

/* collectd's ceph main loop, reduced: connections driven by poll until a
   deadline; nothing is retried. */
int drive_connections_ok(int n) {
  struct timeval end, now;
  struct pollfd fds[8];
  int ret = 0;
  gettimeofday(&end, NULL);
  end.tv_sec += 5;
  while (1) {
    int nfds = 0;
    for (int i = 0; i < n; ++i) {
      ret = conn_prepare(i, fds + nfds);
      if (ret < 0)
        conn_close(i);
      else if (ret == 1)
        nfds++;
    }
    if (nfds == 0)
      goto done;
    gettimeofday(&now, NULL);
    int diff = ms_diff(&end, &now);
    if (diff <= 0) {
      ret = -1;
      goto done;
    }
    ret = poll(fds, nfds, diff);
    if (ret < 0)
      goto done;
    for (int i = 0; i < nfds; ++i)
      if (fds[i].revents && conn_handle_event(i))
        conn_close(i);
  }
done:
  return ret;
}

/* The same, as collectd writes it: the time left stored in a variable of
   the round, and poll restarted on EINTR by a macro whose name says retry
   of its own loop, not of this one. */
int drive_connections_macro_ok(int n) {
  struct timeval end, now;
  struct pollfd fds[8];
  int ret = 0;
  gettimeofday(&end, NULL);
  end.tv_sec += 5;
  while (1) {
    int nfds, diff;
    nfds = 0;
    for (int i = 0; i < n; ++i) {
      ret = conn_prepare(i, fds + nfds);
      if (ret < 0)
        conn_close(i);
      else if (ret == 1)
        nfds++;
    }
    if (nfds == 0)
      goto done;
    gettimeofday(&now, NULL);
    diff = ms_diff(&end, &now);
    if (diff <= 0) {
      ret = -1;
      goto done;
    }
    RETRY_ON_EINTR(ret, poll(fds, nfds, diff));
    if (ret < 0)
      goto done;
    for (int i = 0; i < nfds; ++i)
      if (fds[i].revents && conn_handle_event(i))
        conn_close(i);
  }
done:
  return ret;
}
