// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Waits need evidence (docs/rules.md, "Evidence, both ways"): a call the
// model cannot read waits only when its name says so (sleep, wait, delay,
// pause, nap, backoff, hold), when a parameter is a std::chrono duration or
// is named for a time unit (then its argument is the duration), or when its
// body waits. Any other call on the way back (log, free, close, set) does
// not wait, so "no wait" is decided without it.

#include <chrono>

int kv_put(void *store, const char *key, const char *value); // another file
void log_line(const char *msg);
void free_scratch(void *p);
void close_handle(void *h);
void set_state(void *store, int state);
void pause_for(int seconds);
void hold_off(std::chrono::milliseconds d);
void settle(long timeout_ms);
void backoff();
void refresh_token(void *store);

void put_log_free_bad(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (kv_put(store, k, v) == 0)
      return;
    log_line("put failed");
    free_scratch(store);
  }
}

void put_close_set_bad(void *store, const char *k, const char *v) {
  int tries = 0;
  while (kv_put(store, k, v) != 0 && tries++ < 3) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    close_handle(store);
    set_state(store, 0);
  }
}

// A call that refreshes what the next attempt sends is no wait either.
void put_refresh_bad(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (kv_put(store, k, v) == 0)
      return;
    refresh_token(store);
  }
}

// Named for a pause, with a parameter named for its unit: a constant wait.
void put_pause_bad(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    pause_for(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

// A std::chrono duration parameter: a wait of what it is given.
void put_hold_bad(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    hold_off(std::chrono::milliseconds(250));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

// A parameter named for a time unit, on a call with no wait in its name.
void put_settle_bad(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    settle(500);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
}

// A backoff with no visible duration: it waits, of unknown shape.
void put_backoff_ok(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    backoff();
  }
}

// A random source the model knows by its name only (a project's own
// generator, declared elsewhere) makes the wait jittered; so does a
// same-file helper named for it that returns a number, handed the growing
// delay (`sleep_backoff(with_jitter(delay)); delay *= 2;`, rsyslog's
// omotel).
long random_number(void);
void sleep_ms(long ms);
static long with_jitter(long base) {
  long range = base / 4;
  return range > 0 ? base - range + random_number() % (2 * range + 1) : base;
}
static void sleep_backoff(long ms) {
  if (ms > 0)
    sleep_ms(ms);
}
void put_project_jitter_ok(void *store, const char *k, const char *v) {
  long delay = 100;
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    sleep_backoff(with_jitter(delay));
    delay *= 2;
  }
}

void put_project_jitter_constant_ok(void *store, const char *k, const char *v) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (kv_put(store, k, v) == 0)
      return;
    sleep_backoff(with_jitter(100));
  }
}

// A parameter named for a time unit holds a duration only when it is a
// number: ZNC's `CString::TrimLeft(const CString &s)` names its text `s`.
struct Text {
  const char *p;
};
void trim_left(const Text &s); // another file

void put_trim_bad(void *store, const char *k, const char *v, Text &t) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (kv_put(store, k, v) == 0)
      return;
    trim_left(t);
  }
}
