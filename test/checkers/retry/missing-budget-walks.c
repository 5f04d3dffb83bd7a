// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// A `for` whose increment steps a cursor (a pointer or an iterator, held in
// a variable or in a member) that a call of each round reads works through
// items: it is a walk, whatever the calls in it and whatever a comment says
// ("this function will attempt to ..."). A member counter of attempts, or a
// cursor no call reads, leaves a retry.

#include <unistd.h>

typedef struct {
  const char *base;
  long len;
} Iov;
typedef struct Wctx {
  Iov *iov;
  unsigned niov;
  struct Wctx *next;
} Wctx;
typedef struct {
  Wctx *first;
} WctxList;
typedef struct Tls Tls;
int tls_write(Tls *t, const char *buf, long n); /* in another file */
int tls_maybe_error(Tls *t, int rv);            /* in another file */
extern int tls_errno;

static int classify_tls_error(Tls *t, int rv) { return tls_maybe_error(t, rv); }

/* In the style of libcouchbase src/ssl/ssl_c.c appdata_encode: this
 * function will attempt to encode the pending buffers, one by one. */
void encode_pending_walk_ok(Tls *t, Wctx *w, const int *error) {
  for (; w->niov && *error == 0; w->niov--, w->iov++) {
    int rv;
    rv = tls_write(t, w->iov->base, w->iov->len);
    if (rv > 0) {
      continue;
    } else if (classify_tls_error(t, rv) == 0) {
      return;
    } else {
      tls_errno = 22;
    }
  }
}

#define WCTX_FOREACH(list, pos) for (pos = (list)->first; pos; pos = pos->next)

/* Each element is a write buffer; attempt to write them all. */
void encode_all_walk_ok(Tls *t, WctxList *writes, const int *error) {
  Wctx *pos;
  WCTX_FOREACH(writes, pos) {
    Wctx *ctx = pos;
    for (; ctx->niov && *error == 0; ctx->niov--, ctx->iov++) {
      int rv;
      rv = tls_write(t, ctx->iov->base, ctx->iov->len);
      if (rv > 0)
        continue;
      if (classify_tls_error(t, rv) == 0)
        return;
      tls_errno = 22;
    }
  }
}

/* A local cursor, read through a local made from it. */
void send_blocks_walk_ok(Tls *t, const Iov *first, int n) {
  /* retry-free: each block is written once */
  for (const Iov *b = first; n > 0; n--, b++) {
    const char *data = b->base;
    if (tls_write(t, data, b->len) < 0)
      continue;
  }
}

typedef struct {
  const char *data;
  long len;
  int attempts;
  char *log_slot;
} Req;

/* The member the increment steps counts attempts, and the call reads other
   members of the same struct: a retry, with no cap (a counter in a struct
   field is a counter). */
int send_member_counter_bad(Tls *t, Req *r) {
  for (;; r->attempts++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (tls_write(t, r->data, r->len) >= 0)
      return 0;
    sleep(1);
  }
}

int send_member_counter_in_body_bad(Tls *t, Req *r) {
  r->attempts = 0;
  while (1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (tls_write(t, r->data, r->len) >= 0)
      return 0;
    r->attempts++;
    sleep(1);
  }
}

/* The increment steps a cursor no call reads: the same request goes out
   each round. */
int send_unread_cursor_bad(Tls *t, Req *r, char *log_slot) {
  for (char *slot = log_slot;; slot++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    /* retry after a pause */
    *slot = '.';
    if (tls_write(t, r->data, r->len) >= 0)
      return 0;
    sleep(1);
  }
}

/* openssh's Match line parser, reduced: a pointer stepped past a '!' is a
   cursor into the text, not a count of attempts, and its test against '#'
   (35) no cap of 35 attempts. */
char *argv_next(int *acp, char ***avp);
char *xstrdup(const char *s);
void free(void *p);
int strcmp(const char *a, const char *b);
void report_error(const char *what);
int match_line_ok(int *acp, char ***avp) {
  char *attrib, *oattrib, *arg;
  int attributes = 0, negate = 0, result = 1;
  while ((attrib = argv_next(acp, avp)) != 0) {
    if (*attrib == '#')
      break;
    attrib = oattrib = xstrdup(attrib);
    arg = 0;
    if ((negate = (attrib[0] == '!')))
      attrib++;
    if (strcmp(attrib, "all") == 0) {
      if (attributes > 1 ||
          ((arg = argv_next(acp, avp)) != 0 && *arg != '\0' && *arg != '#')) {
        report_error("cannot be combined");
        result = -1;
        goto out;
      }
      goto out;
    }
    attributes++;
    if ((arg = argv_next(acp, avp)) == 0 || *arg == '\0') {
      report_error("missing argument");
      result = -1;
      goto out;
    }
    if (strcmp(attrib, "host") == 0)
      result = negate ? 0 : 1;
    free(oattrib);
  }
out:
  return result;
}
