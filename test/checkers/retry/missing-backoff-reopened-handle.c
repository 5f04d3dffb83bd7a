// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A connection reopened when it is found invalid (`if (fd < 0) fd =
// net_open(node);`, `if (!conn) conn = conn_open(host);`) from what does
// not change reaches the same place each round: the call handed it
// re-sends the same request on a new connection, a retry, even when the
// call is handed the descriptor's address to close it on failure. Opened
// from what does change (the next host), each round goes elsewhere: a
// failover, which needs no wait.

#include <assert.h>

typedef struct conn conn_t;
int net_open(const char *node);                 // another file
int swrite(int fd, const void *buf, int len);   // another file
int close(int fd);
conn_t *conn_open(const char *host);            // another file
int conn_send(conn_t *c, const char *cmd);      // another file
void conn_free(conn_t *c);
void log_error(const char *msg);

static int global_fd = -1;

static int net_send(int *fd, const char *buf, int len) {
  if (swrite(*fd, buf, len) != 0) {
    close(*fd);
    *fd = -1;
    return -1;
  }
  return 0;
}

/* collectd's apc_query_server, reduced. */
int query_reopen_bad(const char *node) {
  int try = 0;
  while (1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (global_fd < 0) {
      global_fd = net_open(node);
      if (global_fd < 0)
        return -1;
    }
    int status = net_send(&global_fd, "status", 6);
    if (status != 0) {
      assert(global_fd < 0);
      if (try == 0) {
        try++;
        continue;
      }
      log_error("writing to the socket failed");
      return -1;
    }
    break;
  }
  return 0;
}

/* A local descriptor, compared with -1, handed by value. */
int query_local_fd_bad(const char *node) {
  int fd = -1;
  for (int attempt = 0; attempt < 3; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (fd == -1)
      fd = net_open(node);
    if (fd == -1)
      continue;
    if (swrite(fd, "status", 6) == 0)
      return fd;
    close(fd);
    fd = -1;
  }
  return -1;
}

/* A connection object dropped and reopened when null. */
int command_reconnect_bad(const char *host, const char *cmd) {
  conn_t *c = 0;
  for (int tries = 0; tries < 3; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (!c)
      c = conn_open(host);
    if (conn_send(c, cmd) == 0)
      return 0;
    conn_free(c);
    c = 0;
  }
  return -1;
}

/* Each round opens the next host: a failover, no wait needed. */
int query_next_host_ok(const char **hosts, int n) {
  int fd = -1;
  for (int i = 0; i < n; i++) {
    if (fd < 0)
      fd = net_open(hosts[i]);
    if (fd < 0)
      continue;
    if (net_send(&fd, "status", 6) == 0)
      return 0;
  }
  return -1;
}
