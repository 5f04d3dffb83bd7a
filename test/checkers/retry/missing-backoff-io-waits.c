// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// The I/O waits wait (docs/rules.md, waits need evidence): `select` and
// `poll` handed a timeout block for that long when nothing comes, so a
// retry loop that sleeps with them (`select(0, NULL, NULL, NULL, &tv)`,
// `poll(NULL, 0, ms)`) waits what the timeout says: a constant, one built
// from the attempt counter, or one with a random part. The timeout of
// `select` is a `struct timeval` filled before the call, field by field or
// by a call handed its address. Without a timeout they wait for an event,
// of no length the model can read.

#include <poll.h>
#include <sys/select.h>

#define NULL ((void *)0)

int open_link(int fd); // another file; 0 on success
void to_timeval(double d, struct timeval *tv);
int rand(void);

int select_sleep_constant_bad(int fd) {
  struct timeval tv;
  for (int tries = 0; tries < 5; ++tries) {
    if (open_link(fd) == 0)
      return 0;
    tv.tv_sec = 1;
    tv.tv_usec = 0;
    select(0, NULL, NULL, NULL, &tv);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return -1;
}

int poll_sleep_growing_bad(int fd) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (open_link(fd) == 0)
      return 0;
    poll(NULL, 0, 100 << attempt);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  }
  return -1;
}

int select_sleep_filled_growing_bad(int fd) {
  struct timeval tv;
  double delay = 0.5;
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (open_link(fd) == 0)
      return 0;
    to_timeval(delay * (1 << attempt), &tv);
    select(0, NULL, NULL, NULL, &tv);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  }
  return -1;
}

int select_sleep_jittered_ok(int fd) {
  struct timeval tv;
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (open_link(fd) == 0)
      return 0;
    tv.tv_sec = 1 << attempt;
    tv.tv_usec = rand() % 1000000;
    select(0, NULL, NULL, NULL, &tv);
  }
  return -1;
}

int poll_sleep_jittered_ok(int fd) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (open_link(fd) == 0)
      return 0;
    poll(NULL, 0, (100 << attempt) + rand() % 100);
  }
  return -1;
}

// Waiting for the descriptor with no timeout waits for an event, of no
// length the model reads: no finding either way.
int select_until_readable_ok(int fd) {
  fd_set r;
  for (int tries = 0; tries < 5; ++tries) {
    if (open_link(fd) == 0)
      return 0;
    FD_ZERO(&r);
    FD_SET(fd, &r);
    select(fd + 1, &r, NULL, NULL, NULL);
  }
  return -1;
}
