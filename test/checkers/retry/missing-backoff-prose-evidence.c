// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// Retry evidence in prose is read as prose (docs/rules.md, retry
// evidence): a comment or a message says the code tries again (`try it
// again`, `dial again`), and "attempt" as a noun (`each attempt`,
// `attempts`) says it too. "Iterate again and again" (a repetition) and
// "we do not have to attempt locking" (a verb) say nothing of retrying: a
// loop with no other sign stays silent.

struct dev;
int refresh_device(struct dev *d);
void sleep_ms(int ms);
void log_msg(const char *fmt, ...);

/* The table is walked again and again while entries change. */
void refresh_table_ok(struct dev *d) {
  while (refresh_device(d) != 0)
    sleep_ms(100);
}

/* We do not have to attempt locking here: the caller holds the lock. */
void refresh_locked_ok(struct dev *d) {
  while (refresh_device(d) != 0)
    sleep_ms(100);
}

/* If the device is busy, try it again in a moment. */
void refresh_busy_bad(struct dev *d) {
  while (refresh_device(d) != 0)
    sleep_ms(100);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
}

void refresh_logged_bad(struct dev *d) {
  while (refresh_device(d) != 0) {
    log_msg("device busy, trying it again in 100 ms");
    sleep_ms(100);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

/* Each attempt waits a tenth of a second. */
void refresh_each_attempt_bad(struct dev *d) {
  while (refresh_device(d) != 0)
    sleep_ms(100);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
}
