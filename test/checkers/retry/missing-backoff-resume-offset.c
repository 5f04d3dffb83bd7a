// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A loop that waits longer after each failed round, by its count of
// rounds, is backing off (docs/rules.md, retry evidence): no walk spreads
// its rounds out that way. What it changes in the request between rounds
// (where to resume a download, a mode flag) is the retry's bookkeeping,
// not the next item; only an element picked by an index that moves
// (`hosts[i]`) makes each round go elsewhere.

typedef enum { RETR_OK, CONN_ERR, READ_ERR, RETR_FINISHED, FILE_ERR } uerr_t;
struct http_stat {
  long len, restval, contlen;
};
struct options {
  int ntry, always_rest;
} opt;
#define HEAD_ONLY 1
#define SEND_NOCACHE 2

uerr_t fetch_range(const char *url, struct http_stat *hs, int *dt); // another file
uerr_t fetch_host(const char *host);                                // another file
void sleep_between_retrievals(int count);
void wait_seconds(int s);
int rand(void);

/* wget's http_loop, reduced: each round resumes where the last one
   stopped and sets the request's mode; the wait grows with the try. */
uerr_t download_resume_bad(const char *url, int *dt, int head_first) {
  int count = 0, got_head = 0;
  struct http_stat hstat = {0, 0, -1};
  uerr_t err;
  do {
    ++count;
    sleep_between_retrievals(count);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    if (head_first && !got_head)
      *dt |= HEAD_ONLY;
    else
      *dt &= ~HEAD_ONLY;
    if (count > 1) {
      if (hstat.len < hstat.restval)
        hstat.restval -= hstat.len;
      else
        hstat.restval = hstat.len;
    } else {
      hstat.restval = 0;
    }
    if (count > 1 || !opt.always_rest)
      *dt |= SEND_NOCACHE;
    err = fetch_range(url, &hstat, dt);
    switch (err) {
    case CONN_ERR:
    case READ_ERR:
      continue;
    case RETR_FINISHED:
      break;
    default:
      return err;
    }
    if (head_first && !got_head) {
      got_head = 1;
      continue;
    }
    return RETR_OK;
  } while (!opt.ntry || count < opt.ntry);
  return CONN_ERR;
}

/* The same resume with a jittered wait: silent. */
uerr_t download_resume_jittered_ok(const char *url, int *dt) {
  struct http_stat hstat = {0, 0, -1};
  for (int tries = 1; tries <= 5; tries++) {
    hstat.restval = hstat.len;
    if (fetch_range(url, &hstat, dt) == RETR_FINISHED)
      return RETR_OK;
    wait_seconds((1 << tries) + rand() % 3);
  }
  return CONN_ERR;
}

/* Each round asks the next host, by an index that moves: a failover,
   which needs no wait, whatever it waits. */
uerr_t fetch_from_mirrors_ok(const char **hosts, int n) {
  for (int i = 0; i < n; i++) {
    if (fetch_host(hosts[i]) == RETR_OK)
      return RETR_OK;
    wait_seconds(1 << i);
  }
  return CONN_ERR;
}

/* wget's ftp_loop_internal, reduced: the transfer is a function of this
   file that steps its connection's state as it goes; the loop still backs
   off between tries of the same file. */
struct ftp_conn {
  int csock, st, cmd;
  long qtyread;
};
int ftp_transfer(int sock, long restval); // another file
static uerr_t get_file(struct ftp_conn *con, long restval) {
  if (con->st & 1)
    con->cmd++;
  if (ftp_transfer(con->csock, restval) < 0)
    return CONN_ERR;
  return RETR_FINISHED;
}
uerr_t ftp_loop_bad(struct ftp_conn *con) {
  int count = 0;
  long restval = 0;
  do {
    ++count;
    sleep_between_retrievals(count);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    restval = con->qtyread;
    switch (get_file(con, restval)) {
    case CONN_ERR:
      continue;
    case RETR_FINISHED:
      return RETR_OK;
    default:
      return FILE_ERR;
    }
  } while (count < opt.ntry);
  return CONN_ERR;
}
