// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// A test of the attempt counter handed to the call as a flag (docs/rules.md,
// retry evidence): `bind_all(retry == 0)` tells the call whether this is the
// last round (to report its errors, say); the request is the same each
// round, so the loop retries it. The counter itself handed to the call
// picks what the round works on (a page, an index): that loop walks.

struct timeval {
  long tv_sec;
  long tv_usec;
};
int select(int n, void *r, void *w, void *e, struct timeval *t);
unsigned sleep(unsigned s);
int protocol_bind_all(int verbose);
int tell_old_pids(int sig);
int fetch(const char *url, int report_errors);
int fetch_page(const char *url, int page);
extern int nb_oldpids;

#define ERR_NONE 0x00
#define ERR_RETRYABLE 0x02
#define ERR_FATAL 0x04
#define MAX_START_RETRIES 200

/* haproxy's startup bind, reduced: the old process may still hold the
   ports; ask it to let go and bind again, 201 times, 10 ms apart. */
int bind_listeners_bad(void) {
  int err, retry;
  retry = MAX_START_RETRIES;
  err = ERR_NONE;
  while (retry >= 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: retry loop makes up to 201 attempts, more than 10
    struct timeval w;
    err = protocol_bind_all(retry == 0 || nb_oldpids == 0);
    if ((err & (ERR_RETRYABLE | ERR_FATAL)) != ERR_RETRYABLE)
      break;
    if (nb_oldpids == 0 || retry == 0)
      break;
    if (tell_old_pids(15) == 0) {
      retry = 0;
      continue;
    }
    w.tv_sec = 0;
    w.tv_usec = 10 * 1000;
    select(0, 0, 0, 0, &w);
    retry--;
  }
  return err;
}

/* Counting up, the flag says "report the last failure". */
int fetch_last_round_bad(const char *url) {
  for (int attempt = 1; attempt <= 20; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: retry loop makes up to 20 attempts, more than 10
    if (fetch(url, attempt == 20) == 0)
      return 0;
    sleep(1);
  }
  return -1;
}

/* The counter handed as itself picks the page: a walk over twenty pages. */
int fetch_pages_ok(const char *url) {
  for (int page = 0; page < 20; page++) {
    if (fetch_page(url, page) != 0)
      return -1;
  }
  return 0;
}

/* The same with a retry word: the page still changes each round. */
int fetch_pages_retry_word_ok(const char *url) {
  /* try every page */
  for (int attempt = 0; attempt < 20; attempt++) {
    if (fetch_page(url, attempt) == 0)
      continue;
    sleep(1);
  }
  return 0;
}
