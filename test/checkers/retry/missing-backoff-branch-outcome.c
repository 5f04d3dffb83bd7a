// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t -- -- -isystem %S/Inputs/System
// RUN: %check_retrylint -check-suffix=SIDE -std=c11 %s retry-unkeyed-side-effect %t -- -- -isystem %S/Inputs/System
//
// Outcomes that travel (docs/rules.md). An `int` result tested for its
// truth (`if (http_post(h, r))`) does not say by its type which value
// failed; the branch it guards does when it handles a failure: it reads
// `errno` (or reports it with `perror`), reconnects, or returns a failure
// (a negative number, `false`, a constant named for an error). And a C
// library that keeps its last status for a getter (`resp =
// do_request(h, req); st = get_error();`) reports the call's outcome
// through it: the getter reads, the call before it is the operation.

#include <errno.h>
#include <unistd.h>

#define NULL ((void *)0)
#define STATUS_BUSY 0x507
#define STATUS_UNAVAILABLE 0x503
#define STATUS_TIMEOUT 0x504

struct http {
  int fd;
};
struct ipp;
int job_canceled;
int http_post(struct http *h, const char *resource);   // 0 on success
int http_reconnect2(struct http *h, int msec);          // 0 on success
int http_fd(struct http *h);
int send_cmd(int fd, const char *cmd);                 // 0 on success
int run_step(int fd);                                  // another file
void perror(const char *s);
struct ipp *do_request(struct http *h, struct ipp *req, const char *res);
struct ipp *create_order(struct http *h, struct ipp *req, const char *res);
int ipp_get_error(void);
int read_frames(struct http *h, int max_tries);
void ipp_delete(struct ipp *p);
void use_response(struct ipp *p);

// cupsSendRequest's shape: a failed POST reconnects and goes again. A
// reconnect that fails ends it, which bounds nothing: a server that
// accepts the connection and drops each POST is posted to for ever.
int post_reconnect_bad(struct http *h, const char *resource) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:3: warning: retry loop has no attempt cap and no deadline
    if (http_post(h, resource)) {
      if (http_reconnect2(h, 30000))
        return STATUS_UNAVAILABLE;
      continue;
    }
    return 0;
  }
}

// The IPP backend's connect loop: the failure branch reads errno, and the
// loop goes back while the connection's descriptor is not open; a cancel
// request is no budget.
int connect_errno_bad(struct http *h) {
  do {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (http_reconnect2(h, 30000)) {
      int error = errno;
      if (job_canceled)
        break;
      if (error == ECONNREFUSED)
        sleep(5);
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: wait between attempts is constant and has no jitter
      else
        sleep(30);
    }
  } while (h->fd < 0);
  return 0;
}

int command_perror_bad(int fd, const char *cmd) {
  for (int tries = 0; tries < 5; ++tries) {
    if (send_cmd(fd, cmd)) {
      perror("send_cmd");
      sleep(2);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      continue;
    }
    return 0;
  }
  return -1;
}

int command_returns_failure_bad(int fd, const char *cmd) {
  for (int tries = 0;; ++tries) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (send_cmd(fd, cmd)) {
      if (tries >= 3)
        return -1;
      continue;
    }
    return 0;
  }
}

// Nothing in the branch says failure: a step that returns how much it did
// (a walk that goes round while there is work) stays unknown.
int steps_ok(int fd) {
  int steps = 0;
  for (int tries = 0; tries < 100; ++tries) {
    if (run_step(fd)) {
      steps++;
      continue;
    }
    break;
  }
  return steps;
}

// The result handed on as it is (`return rc`) says nothing either.
int propagate_ok(int fd, const char *cmd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = send_cmd(fd, cmd);
    if (rc)
      return rc;
  }
  return 0;
}

// The library's last status read by its getter after the request.
int validate_busy_bad(struct http *h, struct ipp *req, const char *res) {
  for (int tries = 0; tries < 5; ++tries) {
    struct ipp *resp = do_request(h, req, res);
    int status = ipp_get_error();
    ipp_delete(resp);
    if (status == STATUS_BUSY) {
      sleep(10);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      continue;
    }
    return status;
  }
  return -1;
}

// The request, not the getter, is what is sent again.
int create_order_timeout_bad(struct http *h, struct ipp *req,
                             const char *res) {
  for (int tries = 0; tries < 5; ++tries) {
    struct ipp *resp = create_order(h, req, res);
    // CHECK-MESSAGES-SIDE: :[[@LINE-1]]:24: warning: 'create_order' is re-sent after an ambiguous failure without an idempotency key
    int status = ipp_get_error();
    ipp_delete(resp);
    if (status != STATUS_TIMEOUT)
      return status;
    sleep(1 + tries);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
  }
  return -1;
}

// A getter read after a call that goes round on success is still a walk.
int drain_ok(struct http *h, struct ipp *req, const char *res) {
  int n = 0;
  for (;;) {
    struct ipp *resp = do_request(h, req, res);
    if (ipp_get_error() != 0)
      break;
    use_response(resp);
    n++;
  }
  return n;
}

// Reading while the connection stays open (`h->fd >= 0`) is a stream: its
// failures are reported and it goes on, it reconnects nothing.
int read_while_open_ok(struct http *h) {
  int frames = 0;
  do {
    if (read_frames(h, 3) < 0)
      perror("read_frames");
    else
      frames++;
  } while (h->fd >= 0);
  return frames;
}
