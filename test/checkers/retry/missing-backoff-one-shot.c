// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A way back taken once, under a flag its own branch sets (`if (!retried)
// { retried = 1; continue; }`), is a cap of two attempts (docs/rules.md,
// attempt caps), not an exemption: the failure that takes it is retried,
// and without a wait the second attempt follows the first at once. A
// reconnect on the way back is no wait. Only the status rule reads such a
// way back differently (one retry after refreshing credentials retries no
// status as a policy).

typedef _Bool bool;
int rrdc_update(const char *file, const char *values); // another file
int rrdc_stats_get(void **head);                         // another file
int try_reconnect(void);                                 // another file
void log_error(const char *msg);
int usleep(unsigned usec);
int rand(void);

/* collectd's rc_write, reduced. */
int write_once_reconnect_bad(const char *file, const char *values) {
  bool retried = 0;
  while (42) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    int status = rrdc_update(file, values);
    if (status == 0)
      break;
    if (!retried) {
      retried = 1;
      if (try_reconnect() == 0)
        continue;
    }
    log_error("rrdc_update failed");
    return -1;
  }
  return 0;
}

/* The flag tested in the failure branch itself, in a for (;;). */
int stats_once_bad(void **head) {
  bool retried = 0;
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (rrdc_stats_get(head) == 0)
      return 0;
    if (retried)
      return -1;
    retried = 1;
  }
}

/* The same once-only retry written with a goto. */
int write_once_goto_bad(const char *file, const char *values) {
  bool again = 1;
retry:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure
  if (rrdc_update(file, values) != 0) {
    if (again) {
      again = 0;
      goto retry;
    }
    return -1;
  }
  return 0;
}

/* The once-only retry waits a jittered time before it goes back. */
int write_once_after_jittered_pause_ok(const char *file, const char *values) {
  bool retried = 0;
  while (42) {
    int status = rrdc_update(file, values);
    if (status == 0)
      break;
    if (!retried) {
      retried = 1;
      usleep(100000 + rand() % 100000);
      if (try_reconnect() == 0)
        continue;
    }
    return -1;
  }
  return 0;
}
