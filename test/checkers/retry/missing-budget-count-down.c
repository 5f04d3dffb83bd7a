// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// A counter of attempts left counts down (docs/rules.md, attempt caps):
// started at N and stepped down each round, its test against the floor
// allows about N attempts, whichever way the test is written (`--left <= 0`
// as an exit, `left-- > 0` or a bare `left--` as the loop condition, `==`,
// `!`). A count down from a start the code computes is a cap of unknown
// size, not a cap of one attempt.

int sleep(unsigned s);
int open_session(const char *host);

/* A prefix decrement in an exit test after the attempt: thirty attempts. */
int connect_exit_bad(const char *host) {
  int tries_left = 30;
  for (;;) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    if (--tries_left <= 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry loop makes up to 30 attempts, more than 10
      break;
    sleep(1);
  }
  return -1;
}

/* A postfix decrement in the loop condition: twenty attempts. */
int connect_cond_bad(const char *host) {
  int retries = 20;
  while (retries-- > 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry loop makes up to 20 attempts, more than 10
    int s = open_session(host);
    if (s >= 0)
      return s;
    sleep(1);
  }
  return -1;
}

/* A bare count down as the condition (`while (retries--)`). */
int connect_bare_bad(const char *host) {
  int retries = 16;
  while (retries--) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry loop makes up to 16 attempts, more than 10
    int s = open_session(host);
    if (s >= 0)
      return s;
    sleep(1);
  }
  return -1;
}

/* Stepped at the end of the round, tested for equality at its top. */
int connect_equal_bad(const char *host) {
  int attempts_left = 12;
  for (;;) {
    if (attempts_left == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry loop makes up to 12 attempts, more than 10
      return -1;
    int s = open_session(host);
    if (s >= 0)
      return s;
    attempts_left -= 1;
    sleep(1);
  }
}

/* A do/while stepping down in its condition, against a floor of one. */
int connect_do_bad(const char *host) {
  int retries = 15;
  int s;
  do {
    s = open_session(host);
    if (s >= 0)
      return s;
    sleep(1);
  } while (--retries >= 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: retry loop makes up to 15 attempts, more than 10
  return -1;
}

/* The near-misses: small counts down are caps within the limit. */
int connect_few_ok(const char *host) {
  int tries_left = 5;
  for (;;) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    if (--tries_left <= 0)
      break;
    sleep(1);
  }
  return -1;
}

int connect_few_bare_ok(const char *host) {
  int retries = 3;
  while (retries--) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    sleep(1);
  }
  return -1;
}

int connect_few_not_ok(const char *host) {
  int retries = 4;
  for (;;) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    if (!--retries)
      return -1;
    sleep(1);
  }
}

/* A start the code computes (OpenVPN's resolver: `once ? 1 : timeout / 5`)
   bounds the retry by a number not written here: a cap, not "no cap". */
int connect_computed_ok(const char *host, int once, int timeout) {
  int tries = once ? 1 : timeout / 5;
  for (;;) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    if (--tries <= 0)
      break;
    sleep(5);
  }
  return -1;
}
