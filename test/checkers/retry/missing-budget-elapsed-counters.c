// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// A counter that adds up time is a deadline, not a count of attempts
// (docs/rules.md, budget exits): one named for a time unit (`waited_ms`,
// `elapsed_sec`) and compared with a bound leaves the loop once that much
// time has gone by, a time budget. A counter of attempts compared with a
// large bound still makes that many attempts.

int usleep(unsigned us);
int sleep(unsigned s);
int recv_packet(int sock, char *buf, int len, int timeout_ms);
int open_session(const char *host);
void report(const char *what);

#define POLL_TIMEOUT_MS 100
#define FIRST_PACKET_TIMEOUT_SEC 10

/* moonlight's video receive loop, reduced: a receive timeout goes round
   ("try again") until ten seconds have gone by without a packet. */
int first_packet_ok(int sock, char *buf, int len) {
  int waited_ms = 0;
  int n;
  while ((n = recv_packet(sock, buf, len, POLL_TIMEOUT_MS)) <= 0) {
    if (n < 0)
      return -1;
    waited_ms += POLL_TIMEOUT_MS;
    if (waited_ms >= FIRST_PACKET_TIMEOUT_SEC * 1000) {
      report("no traffic");
      return -1;
    }
    // Receive timed out; try again
  }
  return n;
}

/* The same budget written in seconds, in a for loop's increment. */
int open_within_ok(const char *host, int timeout_sec) {
  for (int elapsed_sec = 0; elapsed_sec < 600; elapsed_sec += 2) {
    int s = open_session(host);
    if (s >= 0)
      return s;
    sleep(2); // try again
  }
  return -1;
}

/* A count of attempts: fifty reconnects, more than the cap allows. */
int open_counted_bad(const char *host) {
  for (int attempt = 0; attempt < 50; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: retry loop makes up to 50 attempts, more than 10
    int s = open_session(host);
    if (s >= 0)
      return s;
    sleep(2);
  }
  return -1;
}
