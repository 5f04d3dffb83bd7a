// RUN: %check_retrylint -std=c++17 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
//
// A pace kept by the clock (`sleep(5 - (time(0) - try_time))`: one attempt
// every five seconds) reads only times: no random source hides in it, so
// it is a constant wait without jitter. A block that leaves the loop (it
// ends in `break` or `return`) is never seen by a next round, in C++ too
// when the loop has no `try` an exception could come back through; and a
// variable an inner loop steps counts that loop's rounds, not the retry's.

#include <netdb.h>
#include <unistd.h>

typedef long time_t;
extern "C" time_t time(time_t *t);
extern "C" int rand();
void add_address(const struct addrinfo *a);

struct Resolver {
  time_t try_time = 0;
  const char *error = nullptr;
  int max_retries = 1000; // dns:max-retries, read at run time

  /* lftp's Resolver::LookupOne, reduced. */
  void lookup_one_bad(const char *name, const int *af_order) {
    int retries = 0, af_index = 0;
    for (;;) {
      time(&try_time);
      struct addrinfo *ainfo = nullptr, hint = {};
      int rc = getaddrinfo(name, nullptr, &hint, &ainfo);
      if (rc == 0) {
        for (int af = af_order[af_index]; af != -1; af = af_order[++af_index])
          for (struct addrinfo *a = ainfo; a; a = a->ai_next)
            if (a->ai_family == af)
              add_address(a);
        freeaddrinfo(ainfo);
        break;
      }
      if (rc != EAI_AGAIN || (++retries >= max_retries && max_retries)) {
        error = gai_strerror(rc);
        break;
      }
      time_t t = time(0);
      if (t - try_time < 5)
        sleep(5 - (t - try_time));
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: wait between attempts is constant and has no jitter
    }
  }

  /* The same pace with a random part. */
  void lookup_jittered_ok(const char *name) {
    int retries = 0;
    for (;;) {
      time(&try_time);
      struct addrinfo *ainfo = nullptr;
      int rc = getaddrinfo(name, nullptr, nullptr, &ainfo);
      if (rc == 0) {
        freeaddrinfo(ainfo);
        break;
      }
      if (rc != EAI_AGAIN || ++retries >= max_retries)
        break;
      time_t t = time(0);
      if (t - try_time < 5)
        sleep(5 - (t - try_time) + rand() % 3);
    }
  }
};

/* The pace through a local deadline, in a plain function. */
int resolve_paced_bad(const char *name, struct addrinfo **res) {
  for (int tries = 0; tries < 5; ++tries) {
    time_t started = time(0);
    int rc = getaddrinfo(name, nullptr, nullptr, res);
    if (rc != EAI_AGAIN)
      return rc;
    time_t left = 2 - (time(0) - started);
    if (left > 0)
      sleep(left);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
  }
  return EAI_AGAIN;
}
