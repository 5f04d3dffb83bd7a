// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t
//
// What a round stores just before it leaves the loop on a success (`c->fds[i]
// = c->sfd; break;`, `offset += got; return got;`) is never seen by a next
// round (docs/rules.md, retries by structure): the connect re-issued after a
// failure is the same request. A store before a `break` that leaves only an
// inner switch or loop does reach the next round.

unsigned sleep(unsigned s);

typedef struct {
  int sfd;
  int cur_idx;
  int tcpsfd[4];
} ms_conn_t;
struct settings {
  int rep_write_srv;
  int udp;
};
extern struct settings ms_setting;
int ms_network_connect(ms_conn_t *c, const char *host, int port, int udp,
                       int *sfd);
int send_frame(ms_conn_t *c, int kind);
unsigned atomic_add_32_nv(unsigned *target, int delta);
void report_reconnect(const char *host);
struct server {
  const char *host;
  int port;
  unsigned reconn_cnt;
};

/* memaslap's ms_reconn, reduced: reconnect until it succeeds, a second
   apart, with no cap. */
int ms_reconn_bad(ms_conn_t *c, const char *host, int port) {
  do {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    /* reconnect success, break the loop */
    if (ms_network_connect(c, host, port, ms_setting.udp, &c->sfd) == 0) {
      c->tcpsfd[c->cur_idx] = c->sfd;
      break;
    }
    if (ms_setting.rep_write_srv == 0) {
      /* wait a second and reconnect */
      sleep(1);
      // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    }
  } while (ms_setting.rep_write_srv == 0);
  return 0;
}

/* The same with calls before the break: one counts the reconnects through
   an address, one reports them. In C no call throws back into the loop. */
int ms_reconn_count_bad(ms_conn_t *c, struct server *srv) {
  do {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (ms_network_connect(c, srv->host, srv->port, ms_setting.udp,
                           &c->sfd) == 0) {
      c->tcpsfd[c->cur_idx] = c->sfd;
      if (atomic_add_32_nv(&srv->reconn_cnt, 1) % 4 == 0)
        report_reconnect(srv->host);
      break;
    }
    sleep(1);
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:5: warning: wait between attempts is constant and has no jitter
  } while (ms_setting.rep_write_srv == 0);
  return 0;
}

/* The connection's slot moves on before a break that leaves only the
   switch: each round sends on the next slot, a walk. */
int send_each_slot_ok(ms_conn_t *c) {
  for (;;) {
    switch (send_frame(c, 1)) {
    case 0:
      c->cur_idx++;
      break;
    default:
      return -1;
    }
    if (c->cur_idx >= 4)
      return 0;
  }
}
