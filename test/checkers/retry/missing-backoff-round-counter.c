// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// What counts a loop's rounds outlives a round: a variable declared inside
// the body is made again each round (a nested loop's own index, one hidden
// in a macro such as FD_ZERO), so it cannot count the loop's rounds nor
// make it walk a table. The loops below send again after a failure,
// capped by a counter declared outside them, each waiting a constant time.

#include <sys/select.h>
#include <sys/socket.h>

void error(const char *fmt, ...);
int send_request(int fd, const char *req);
unsigned int sleep(unsigned int seconds);

/* FD_ZERO's index is the macro's own. */
int send_server_bad(int fd, const char *req, int retry_max) {
  int retries = 0;
  fd_set readfds;
  for (;;) {
    FD_ZERO(&readfds);
    FD_SET(fd, &readfds);
    if (send_request(fd, req) == 0)
      break;
    if (++retries >= retry_max) {
      error("no reply from server");
      return -2;
    }
    sleep(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between {{.*}} is constant and has no jitter
  }
  return 0;
}

/* The same with the nested loop written out, in a while loop. */
int send_probe_bad(int fd, const char *req, int max_tries) {
  int tries = 0;
  char buf[16];
  while (tries < max_tries) {
    for (int k = 0; k < 16; k++)
      buf[k] = 0;
    if (send_request(fd, req) == 0)
      return 0;
    tries++;
    sleep(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between {{.*}} is constant and has no jitter
  }
  return -1;
}

/* A walk: the counter declared outside picks each round's request. */
int send_each_ok(int fd, const char *const *reqs, int count) {
  fd_set readfds;
  for (int s = 0; s < count; ++s) {
    FD_ZERO(&readfds);
    if (send_request(fd, reqs[s]) == 0)
      return s;
    sleep(1);
  }
  return -1;
}

/* A request sent, a reply awaited with select's timeout, sent again when
   none came (a RADIUS or DNS client's retransmission): the reply wait's
   timeout is the wait between sends (missing-backoff-reply-wait.c). */
int send_await_reply_bad(int fd, const char *req, unsigned long n,
                         const struct sockaddr *to, int timeout,
                         int retry_max) {
  int retries = 0;
  fd_set readfds;
  struct timeval tv;
  for (;;) {
    sendto(fd, req, n, 0, to, 16);
    tv.tv_usec = 0;
    tv.tv_sec = timeout;
    FD_ZERO(&readfds);
    FD_SET(fd, &readfds);
    if (select(fd + 1, &readfds, 0, 0, &tv) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: wait between attempts is constant and has no jitter
      return -1;
    if (FD_ISSET(fd, &readfds))
      break;
    if (++retries >= retry_max)
      return -2;
  }
  return 0;
}
