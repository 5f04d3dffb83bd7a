// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// A failure branch that both gives up and goes back (docs/rules.md, the
// failure branch may both give up and go back): `else { if (n >= max)
// break; pause(); }` leaves the loop only once the cap is reached and goes
// round on every other failure. It is a capped retry, whichever way the
// test is written: the success test first with the cap in its else, the
// failure test first with the cap in its then, an else-if that names one
// failure, or a failure branch that goes back with `continue` and leaves
// for the error exit otherwise. A failure branch that always leaves is no
// way back; a loop with no sign that it retries stays silent.

typedef int status_t;
enum { ST_OK = 0, ST_SUSPENDED = -2007, ST_FATAL = -2010 };
status_t try_resume(void *h); /* another file; ST_OK on success */
status_t read_block(void *h); /* another file */
void pause_seconds(int s, int us);
void log_error(status_t rc);
int recv_some(int fd, char *buf, int n); /* another file; 0 at the end */
int sock_errno(void);
int would_block(void);
int wait_readable(int fd, int ms);
void clear_retry_flags(int fd);
_Bool next_is_closing(const char *cfg);
int next_line(void *f);
int close_block(const char *cfg);
int open_block(const char *cfg);
#define EAGAIN 11
#define EINTR 4

/* rsyslog's action resume, reduced: the success test leaves, its else
   gives up at the cap and otherwise waits a constant time. */
status_t resume_else_cap_bad(void *h, int max_retries) {
  status_t rc;
  int retries = 0;
  while (1) {
    rc = try_resume(h);
    if (rc == ST_OK) {
      break;
    } else {
      if (retries >= max_retries)
        break;
      ++retries;
      pause_seconds(5, 0);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
  }
  return rc;
}

/* The else names one failure (`else if (rc == ST_SUSPENDED)`) and holds
   the cap and the wait; any other failure goes round too, at once. */
status_t resume_else_if_bad(void *h, int max_retries) {
  status_t rc;
  int retries = 0;
  while (1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    rc = try_resume(h);
    if (rc == ST_OK) {
      break;
    } else if (rc == ST_SUSPENDED) {
      if (retries >= max_retries)
        break;
      ++retries;
    }
  }
  return rc;
}

/* The failure test first: its then gives up at the cap, else it waits and
   goes round; the else leaves on success. No cap is read: the counter
   is unbounded when max_retries is negative, and the budget check is
   told so only by a value set elsewhere (silent). */
status_t resume_then_cap_bad(void *h, int max_retries) {
  status_t rc;
  for (int attempt = 0;; ++attempt) {
    rc = try_resume(h);
    if (rc != ST_OK) {
      if (attempt >= max_retries)
        return rc;
      pause_seconds(1, 0);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    } else {
      break;
    }
  }
  return rc;
}

/* A failure branch that goes back on a temporary failure and leaves for
   the error exit on the rest; the retry word is in the label. The cap is
   a constant 3. */
status_t resume_continue_or_fail_bad(void *h) {
  status_t rc;
  int tries = 0;
  while (tries < 3) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    rc = try_resume(h);
    ++tries;
    if (rc != ST_OK) {
      if (rc == ST_SUSPENDED)
        continue;
      goto fail;
    }
    return ST_OK;
  }
fail:
  log_error(rc);
  return rc;
}

/* The same shapes, with no cap at all: the else goes round on every
   failure but the fatal one, for ever. */
status_t resume_no_cap_bad(void *h) {
  status_t rc;
  int retry_count = 0;
  for (;;) {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    rc = try_resume(h);
    if (rc == ST_OK) {
      break;
    } else {
      if (rc == ST_FATAL)
        return rc;
      ++retry_count;
      pause_seconds(2, 0);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
  }
  return retry_count;
}

/* Near-miss: the else always leaves; nothing goes back after a failure. */
status_t resume_once_ok(void *h, int max_retries) {
  status_t rc;
  int retries = 0;
  while (retries < max_retries) {
    rc = try_resume(h);
    if (rc == ST_OK) {
      ++retries;
      continue;
    } else {
      log_error(rc);
      return rc;
    }
  }
  return ST_OK;
}

/* Near-miss: the same shape with no sign of retrying (no counter, no
   retry word): a block reader that stops at the end and on an error, and
   skips empty blocks. Work, not a retry. */
status_t read_all_ok(void *h) {
  status_t rc;
  while (1) {
    rc = read_block(h);
    if (rc == ST_OK) {
      break;
    } else {
      if (rc == ST_FATAL)
        return rc;
      log_error(rc);
    }
  }
  return rc;
}

/* Near-miss: a read loop that goes round after data, stops at the end,
   and restarts only an interrupted read (`case EINTR: continue;`); the
   retry word is in a call that clears a flag. Work, not a retry. */
int read_available_ok(int fd, char *buf, int n) {
  int nr, total = 0;
  while (1) {
    clear_retry_flags(fd);
    nr = recv_some(fd, buf, n);
    if (nr > 0) {
      total += nr;
    } else if (nr == 0) {
      return total ? 0 : -1;
    } else {
      switch (sock_errno()) {
      case EAGAIN:
        return 0;
      case EINTR:
        continue;
      default:
        return -1;
      }
    }
  }
}

/* Near-miss: a non-blocking read of one byte that waits for the socket
   when the read would block ("try again") and leaves on any other error:
   a wait for data, not a retry of a failure. */
int read_byte_ok(int fd, char *out) {
  while (1) {
    int ret = recv_some(fd, out, 1);
    if (ret == 1) {
      return 1;
    } else if (ret < 0 && would_block()) {
      // nothing to read yet, try again once the socket is readable
      if (wait_readable(fd, 1) < 0)
        return -1;
    } else {
      return -1;
    }
  }
}

/* Near-miss: a config reader whose test goes round after both outcomes,
   each branch returning on a malformed block ("again" only in a comment):
   a success branch that may go round too is work, not a retry. */
int parse_blocks_ok(void *f, const char *cfg) {
  while (next_line(f) > 0) {
    /* does the comment end on the same line again? */
    if (next_is_closing(cfg)) {
      if (close_block(cfg) < 0)
        return -1;
    } else {
      if (open_block(cfg) < 0)
        return -1;
    }
    continue;
  }
  return 0;
}
