// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A call's count of work done compared with the size it was handed tells
// its outcome (docs/rules.md, "Outcomes travel"): `sent == len` after
// `sent = send_buf(fd, buf, len)` is all of it, a success; fewer is a short
// call, a failure. A loop that sends the same whole buffer again after a
// short send retries it; one that sends the rest (`p += n; left -= n;`)
// walks through the buffer.

#include <stddef.h>

typedef long ssize_t;
ssize_t ser_send_buf(int fd, const unsigned char *buf, size_t len);
int ser_send_char(int fd, unsigned char c);
int usleep(unsigned us);
void report(const char *what);
int rand(void);

#define MAX_TRY 3

/* nut's bcmxcp send_command, reduced: a short send re-sends the whole
   command; only the last retry pauses, after an escape, a constant wait.
   FIXME: the rounds before the last go back with no wait at all, which is
   not said: the wait at the top of the round is read as every way back's. */
void send_command_bad(int fd, const unsigned char *buf, size_t len) {
  int retry = 0;
  ssize_t sent;
  while (retry++ < MAX_TRY) {
    if (retry == MAX_TRY) {
      ser_send_char(fd, 0x1d); /* last retry is preceded by an escape */
      usleep(250000);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
    sent = ser_send_buf(fd, buf, len);
    if (sent < 0) {
      report("error writing");
      return;
    }
    if ((size_t)sent == len)
      return;
  }
}

/* The comparison written the other way round, in the call's own test. */
int send_frame_bad(int fd, const unsigned char *frame, size_t n) {
  for (int attempt = 0; attempt < 4; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (n == (size_t)ser_send_buf(fd, frame, n))
      return 0;
    report("short write, retrying");
  }
  return -1;
}

/* Near-miss: the rest of the buffer goes out each round, a walk. */
int send_all_ok(int fd, const unsigned char *p, size_t left) {
  for (int rounds = 0; rounds < 100; rounds++) {
    ssize_t n = ser_send_buf(fd, p, left);
    if (n < 0)
      return -1;
    if ((size_t)n == left)
      return 0;
    p += n;
    left -= (size_t)n;
  }
  return -1;
}

/* Near-miss: a short send gives up; only an error is retried, after a
   wait. */
int send_once_ok(int fd, const unsigned char *buf, size_t len) {
  for (int attempt = 0; attempt < 3; attempt++) {
    ssize_t sent = ser_send_buf(fd, buf, len);
    if ((size_t)sent == len)
      return 0;
    if (sent >= 0)
      return -1;
    usleep((100000u << attempt) + (unsigned)rand() % 50000u);
  }
  return -1;
}
