// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -isystem %S/Inputs/System
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t -- -- -isystem %S/Inputs/System
//
// The resolver asks a name server, another host (docs/rules.md, operations
// in system include directories): a loop that looks a name up again after
// the look-up failed, with a counter of its tries, is a retry like any
// other, whatever else the round does to its own arguments (the hints it
// hands the resolver, a resolver reload). A walk over the addresses one
// look-up returned re-issues nothing and stays silent.

#include <netdb.h>
#include <resolv.h>
#include <unistd.h>

void x_msg(int flags, const char *format, ...);
int msg_test(int flags); /* another file: is this level logged? */
struct signal_info {
  volatile int received;
};
void get_signal(volatile int *sig); /* another file: takes a pending signal */
int signal_reset(struct signal_info *si, int signum);

/* OpenVPN's openvpn_getaddrinfo, reduced: up to `retries` look-ups, a
   constant wait between them, the resolver reloaded and the hints changed
   before each one, a pending signal (a volatile flag) that turns a success
   into a failure, and a message whose level and error text change, logged
   when its level is on (a report of this attempt, not another host). */
int resolve_hints_bad(const char *host, struct addrinfo **res, int retries,
                      struct signal_info *si) {
  struct addrinfo hints = {0};
  int status, level = 1;
  while (1) {
    res_init();
    hints.ai_flags &= ~AI_NUMERICHOST;
    status = getaddrinfo(host, 0, &hints, res);
    get_signal(&si->received);
    if (si->received && signal_reset(si, 10) != 10) {
      if (status == 0) {
        freeaddrinfo(*res);
        *res = 0;
        status = EAI_AGAIN;
      }
      goto done;
    }
    if (0 == status)
      break;
    level = retries > 1 ? 3 : 1;
    if (msg_test(level))
      x_msg(level, "RESOLVE: cannot resolve host address: %s: %s", host,
            gai_strerror(status));
    if (--retries <= 0)
      goto done;
    sleep(5);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
done:
  return status;
}

/* The same, counted up in a for loop that returns on success. */
int resolve_for_bad(const char *host, struct addrinfo **res) {
  for (int tries = 0; tries < 4; tries++) {
    if (getaddrinfo(host, "443", 0, res) == 0)
      return 0;
    sleep(2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return -1;
}

/* A count of tries chosen from the options: one try, or as many as fit in
   the configured time. The cap varies; the wait is constant. */
int resolve_for_options_bad(const char *host, struct addrinfo **res,
                            int once, int retry_seconds) {
  int tries = once ? 1 : (retry_seconds + 4) / 5;
  int status;
  while ((status = getaddrinfo(host, 0, 0, res)) != 0) {
    if (--tries <= 0)
      break;
    sleep(5);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  }
  return status;
}

/* The legacy resolver, again while it returns no entry, for ever. */
struct hostent *lookup_forever_bad(const char *host) {
  struct hostent *he;
  int attempts = 0;
  while ((he = gethostbyname(host)) == 0) {
    // CHECK-MESSAGES-BUDGET: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: retry loop re-sends immediately after a failure
    attempts++;
  }
  return he;
}

/* Near-miss: a walk over the addresses one look-up returned. */
int first_address_ok(const char *host, struct addrinfo **out) {
  struct addrinfo *res = 0, *ai;
  if (getaddrinfo(host, 0, 0, &res) != 0)
    return -1;
  for (ai = res; ai; ai = ai->ai_next) {
    if (ai->ai_family == 2) {
      *out = ai;
      return 0;
    }
  }
  return -1;
}

/* Near-miss: one look-up per name of a list, no sign of a retry. */
int resolve_all_ok(const char **hosts, int n, struct addrinfo **res) {
  int ok = 0;
  for (int i = 0; i < n; i++)
    if (getaddrinfo(hosts[i], 0, 0, &res[i]) == 0)
      ok++;
  return ok;
}
