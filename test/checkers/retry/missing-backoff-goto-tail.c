// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A backward goto re-runs only what lies between its label and the
// statement that holds the last goto back: what the function does after
// that (reading the rest of the reply, storing what it parsed) never runs
// before the next attempt, so it does not make each attempt a different
// request. A variable set to the same value after the label on every
// attempt (a `for` that starts its offset at 0) does not change between
// attempts either, nor does a store before the call of a value each attempt
// makes afresh (`c->mtu = calculate_mtu(c)`): only what is stored after
// the call, or steps from its own value, carries over, and so does what is
// made from that (`host = list[connect_attempts].host` before the call,
// `connect_attempts++` on the way back: a counter that indexes picks the
// next host, whatever its name says).

struct conn {
  int (*gets)(struct conn *, char *, int);
  int (*write)(struct conn *, const char *, int);
  int state, mtu;
  int (*connect_to)(struct conn *, const char *host, int port);
};
struct host_port {
  const char *host;
  int port;
};
int calculate_mtu(struct conn *c);
void close_conn(struct conn *c);
int open_conn(struct conn *c);
void parse_header(struct conn *c, const char *line);
int usleep(unsigned usec);
int rand(void);

/* openconnect's start_cstp_connection, reduced: one re-send on a new
   connection when the reply could not be read, then the headers. */
int start_tunnel_bad(struct conn *c) {
  char buf[256];
  int i, retried = 0;
retry:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure
  c->mtu = calculate_mtu(c); // made again the same way each attempt
  c->write(c, "CONNECT /tunnel HTTP/1.1\r\n\r\n", 28);
  if ((i = c->gets(c, buf, sizeof(buf))) < 0) {
    if (!retried) {
      retried = 1;
      close_conn(c);
      if (open_conn(c))
        return -5;
      goto retry;
    }
    return -22;
  }
  while ((i = c->gets(c, buf, sizeof(buf))) > 0)
    parse_header(c, buf);
  c->state = 2;
  return 0;
}

/* openconnect's do_https_request, reduced: the request written in chunks
   from offset 0 on each attempt, again on a new connection once. */
int send_request_bad(struct conn *c, const char *data, int len) {
  int i, result, rq_retry = 1;
retry:
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: retry by goto re-sends immediately after a failure
  for (i = 0; i < len; i += 16) {
    result = c->write(c, data + i, len - i < 16 ? len - i : 16);
    if (result < 0) {
      if (rq_retry) {
        rq_retry = 0;
        close_conn(c);
        goto retry;
      }
      return result;
    }
  }
  return 0;
}

/* The one re-send waits first. */
int start_tunnel_after_pause_ok(struct conn *c) {
  char buf[256];
  int retried = 0;
retry:
  c->write(c, "CONNECT /tunnel HTTP/1.1\r\n\r\n", 28);
  if (c->gets(c, buf, sizeof(buf)) < 0) {
    if (!retried) {
      retried = 1;
      usleep(200000 + rand() % 100000);
      goto retry;
    }
    return -22;
  }
  c->state = 2;
  return 0;
}

/* A partial write by goto: the offset moves on after each success, so
   each round writes the next part (a walk, not a retry). */
int write_all_ok(struct conn *c, const char *data, int len) {
  int off = 0, n;
again:
  n = c->write(c, data + off, len - off);
  if (n < 0)
    return -1;
  off += n;
  if (off < len)
    goto again;
  return 0;
}

/* mariadb's mysql_real_connect, reduced: the next host of the list on each
   failed connect. The host is picked before the call from the index the
   way back steps: each attempt goes elsewhere (failover), no wait needed. */
int connect_host_list_ok(struct conn *c, const struct host_port *list) {
  int connect_attempts = 0;
  const char *host;
  int port;
restart:
  if (!list[connect_attempts].host)
    return -1;
  host = list[connect_attempts].host;
  port = list[connect_attempts].port;
  if (c->connect_to(c, host, port) != 0) {
    connect_attempts++;
    goto restart;
  }
  return 0;
}

struct item {
  struct item *next;
};
struct queue {
  struct item *head;
};
int decode_item(struct conn *c, struct item *it); // another file
void unlink_item(struct queue *q, struct item *it);

/* haproxy's qcc_io_recv, reduced: a label on the loop that drains a queue,
   jumped to from an inner loop after the item was taken off: the loop's
   own next round, not a retry. */
int drain_ok(struct conn *c, struct queue *q) {
  struct item *it;
  int total = 0, ret;
next:
  while (q->head) {
    it = q->head;
    while (c->state) {
      ret = decode_item(c, it);
      if (ret <= 0) {
        unlink_item(q, it);
        goto next;
      }
      total += ret;
    }
    unlink_item(q, it);
  }
  return total;
}
