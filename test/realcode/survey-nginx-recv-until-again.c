// corpus: origin github:nginx/nginx src/http/ngx_http_upstream.c ngx_http_upstream_process_header
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// A non-blocking read loop: recv() until the socket has no more data
// (NGX_AGAIN hands control back to the event loop), parsing what arrived.
// It reads a stream; it is not a retry. Over the whole nginx tree,
// --cross-tu reported such loops as "retry loop (unbounded) contains a
// retry loop (unbounded)"; this one-file reduction does not reproduce that
// yet (the facts of the other nginx TUs are part of it).
#include <stddef.h>
#include <sys/types.h>

#define NGX_OK 0
#define NGX_ERROR -1
#define NGX_AGAIN -2

typedef struct {
  unsigned char *pos, *last, *end;
} buf_t;

typedef struct conn_s conn_t;
struct conn_s {
  ssize_t (*recv)(conn_t *c, unsigned char *buf, size_t size);
};

int parse_header_line(buf_t *b); /* NGX_OK per line, NGX_AGAIN: need more */
int handle_read_event(conn_t *c);

static int process_headers(buf_t *b) {
  for (;;) {
    int rc = parse_header_line(b);
    if (rc == NGX_OK)
      continue;
    return rc;
  }
}

int process_header(conn_t *c, buf_t *b) {
  for (;;) {
    ssize_t n = c->recv(c, b->last, (size_t)(b->end - b->last));
    if (n == NGX_AGAIN) {
      if (handle_read_event(c) != NGX_OK)
        return NGX_ERROR;
      return NGX_AGAIN;
    }
    if (n == 0 || n == NGX_ERROR)
      return NGX_ERROR;
    b->last += n;
    int rc = process_headers(b);
    if (rc == NGX_AGAIN)
      continue;
    return rc;
  }
}
