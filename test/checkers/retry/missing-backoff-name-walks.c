// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// A walk over candidate names (docs/rules.md, retries by structure): a loop
// that writes the next candidate into a buffer with a C library call
// (`snprintf(ifname, n, "%s%d", prefix, num)` after `num++`) and hands the
// buffer to the call asks for another name each round, whatever a comment
// calls it ("as second attempt"). A buffer written each round from what
// does not change holds the same request: that loop still retries it.

#include <stdio.h>

typedef struct interface interface_t;
interface_t *if_get_by_ifname(const char *name, int how);
int name_in_use(const char *name);
int lock_acquire(const char *path);
int send_req(int conn, const char *req);
char *strcpy(char *dst, const char *src);

/* keepalived's create_vmac_name, reduced: try vrrp6 as a second attempt,
   then numbered names, until one is free. */
interface_t *create_vmac_name_ok(const char *prefix, int vrid) {
  char ifname[16];
  unsigned short num = 0;
  interface_t *ifp;
  snprintf(ifname, sizeof ifname, "%s.%d", prefix, vrid);
  while (1) {
    if (!name_in_use(ifname) && (ifp = if_get_by_ifname(ifname, 0)))
      return ifp;
    /* For IPv6 try vrrp6 as second attempt */
    num = num == 0 ? 6 : num + 1;
    snprintf(ifname, sizeof ifname, "%s%d.%d", prefix, num, vrid);
  }
}

/* The same with the fortified snprintf a _FORTIFY_SOURCE build calls. */
interface_t *create_vmac_name_fortified_ok(const char *prefix, int vrid) {
  char ifname[16];
  unsigned short num = 0;
  interface_t *ifp;
  while (1) {
    if (!name_in_use(ifname) && (ifp = if_get_by_ifname(ifname, 0)))
      return ifp;
    /* try vrrp6 as second attempt */
    num = num == 0 ? 6 : num + 1;
    __builtin___snprintf_chk(ifname, sizeof ifname, 1,
                             __builtin_object_size(ifname, 1), "%s%d.%d",
                             prefix, num, vrid);
  }
}

/* A lock file name with a counter suffix, attempt after attempt. */
int take_lock_ok(const char *dir) {
  char path[64];
  for (int attempt = 0; attempt < 50; attempt++) {
    snprintf(path, sizeof path, "%s/lock.%d", dir, attempt);
    if (lock_acquire(path) == 0)
      return attempt;
  }
  return -1;
}

/* The request text rebuilt each round from what does not change: the same
   request sent again at once after each failure. */
int get_retry_bad(int conn, const char *path) {
  char req[128];
  for (int attempt = 0; attempt < 3; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    snprintf(req, sizeof req, "GET %s", path);
    if (send_req(conn, req) == 0)
      return 0;
  }
  return -1;
}
