// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// A request sent, its reply awaited with a timeout, and sent again when none
// came (a RADIUS, DNS or NTP client's retransmission; docs/rules.md, outcomes
// that travel and waits need evidence): the reply wait's outcome is the
// send's. `select` or `poll` returning 0, or the descriptor not set, is "no
// reply"; the loop goes back on it. The wait between sends is the reply
// wait's timeout (missing-backoff-round-counter.c has the RADIUS client's
// `select` and `FD_ISSET`). The attempt number and a fresh sequence number stamped on
// the request each round leave it the same request.

#include <assert.h>
#include <poll.h>
#include <sys/select.h>
#include <sys/socket.h>

#define NULL ((void *)0)

struct request {
  int command;
  int version;
  unsigned short attempt;
  unsigned int sequence;
};
int proto_version = 6;
int send_packet(int fd, const void *buf, unsigned long n); // another file
int request_length(struct request *req);                  // another file
struct timespec {
  long tv_sec;
  long tv_nsec;
};
int clock_gettime(int clock, struct timespec *ts);
double elapsed(const struct timespec *a, const struct timespec *b);
int recv_packet(int fd, void *buf, unsigned long n);       // another file
void get_random_bytes(void *buf, unsigned long n);
void to_timeval(double d, struct timeval *tv);
void handle_event(struct pollfd *fds);
void housekeeping(void);
int rand(void);

int poll_reply_bad(int fd, const char *req, unsigned long n) {
  struct pollfd p = {fd, POLLIN, 0};
  char reply[512];
  for (int tries = 0; tries < 3; ++tries) {
    send_packet(fd, req, n);
    int ready = poll(&p, 1, 2000);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: wait between attempts is constant and has no jitter
    if (ready > 0)
      return recv_packet(fd, reply, sizeof reply);
  }
  return -1;
}

// chrony's shape: the send made only when a new attempt is due, the
// timeout doubling with the attempts, the request stamped each round with
// its attempt number, a random sequence and the protocol version, which
// one way back lowers once; its length computed (and asserted) from it
// each round; the time left read from the clock.
int stamped_resend_bad(int fd, struct request *req, double initial) {
  int attempts = 0, new_attempt = 1, status, length;
  struct timeval tv;
  struct timespec now, start;
  fd_set rdfd;
  char reply[512];
  for (;;) {
    clock_gettime(0, &now);
    if (new_attempt) {
      new_attempt = 0;
      if (attempts > 2)
        return 0;
      start = now;
      get_random_bytes(&req->sequence, sizeof req->sequence);
      req->attempt = attempts;
      req->version = proto_version;
      length = request_length(req);
      assert(length > 0);
      attempts++;
      if (send_packet(fd, req, length) < 0)
        return 0;
    }
    // (The clock stepped back.)
    if (elapsed(&now, &start) < 0)
      start = now;
    to_timeval(initial * (1 << (attempts - 1)) - elapsed(&now, &start), &tv);
    FD_ZERO(&rdfd);
    FD_SET(fd, &rdfd);
    status = select(fd + 1, &rdfd, NULL, NULL, &tv);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: backoff grows between attempts but has no jitter
    if (status < 0) {
      return 0;
    } else if (status == 0) {
      new_attempt = 1;
    } else {
      if (recv_packet(fd, reply, sizeof reply) < 0) {
        new_attempt = 1;
        continue;
      }
      if (reply[0] == 5 && proto_version == 6) {
        proto_version = 5;
        attempts--;
        new_attempt = 1;
        continue;
      }
      break;
    }
  }
  return 1;
}

int poll_reply_jittered_ok(int fd, const char *req, unsigned long n) {
  struct pollfd p = {fd, POLLIN, 0};
  char reply[512];
  for (int tries = 0; tries < 3; ++tries) {
    send_packet(fd, req, n);
    if (poll(&p, 1, (500 << tries) + rand() % 250) > 0)
      return recv_packet(fd, reply, sizeof reply);
  }
  return -1;
}

// An event loop: nothing sent before the wait, a timeout runs the
// housekeeping and goes round.
void event_loop_ok(struct pollfd *fds, unsigned long nfds) {
  for (;;) {
    int n = poll(fds, nfds, 1000);
    if (n == 0) {
      housekeeping();
      continue;
    }
    handle_event(fds);
  }
}

// A stream written chunk by chunk, each write waiting for room: the next
// round sends the next chunk, not the same one again.
int stream_out_ok(int fd, const char *buf, unsigned long len) {
  struct pollfd p = {fd, 4, 0};
  unsigned long off = 0;
  while (off < len) {
    int n = send_packet(fd, buf + off, len - off);
    if (n > 0)
      off += n;
    if (poll(&p, 1, 1000) <= 0)
      return -1;
  }
  return 0;
}
