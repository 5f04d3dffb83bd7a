// corpus: origin github:nginx/nginx src/http/ngx_http_upstream.c ngx_http_upstream_next
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: negative retry-missing-backoff retry-missing-budget retry-unkeyed-side-effect retry-non-retryable-status
// Upstream failover: after an error or timeout the request goes to the NEXT
// peer, within a tries budget and a next_upstream timeout; once a
// non-idempotent request has been sent it is not sent again.
#include <stddef.h>
#include <time.h>

#define NGX_OK 0
#define NGX_ERROR -1
#define NGX_HTTP_POST 0x0008
#define NGX_HTTP_LOCK 0x1000
#define NGX_HTTP_PATCH 0x4000

typedef struct {
  unsigned tries;
  time_t start_time;
  time_t next_upstream_timeout;
  int request_sent;
} ngx_http_upstream_t;

typedef struct {
  unsigned method;
  ngx_http_upstream_t *upstream;
} ngx_http_request_t;

int ngx_event_connect_peer(ngx_http_upstream_t *u);           /* picks the next peer */
int ngx_http_upstream_send_request(ngx_http_request_t *r);    /* proxies the request */

int ngx_http_upstream_run(ngx_http_request_t *r) {
  ngx_http_upstream_t *u = r->upstream;
  for (;;) {
    if (ngx_event_connect_peer(u) == NGX_OK &&
        ngx_http_upstream_send_request(r) == NGX_OK)
      return NGX_OK;
    if (u->request_sent && (r->method & (NGX_HTTP_POST | NGX_HTTP_LOCK | NGX_HTTP_PATCH)))
      return NGX_ERROR; /* non-idempotent: never sent twice */
    if (--u->tries == 0 ||
        (u->next_upstream_timeout && time(NULL) - u->start_time >= u->next_upstream_timeout))
      return NGX_ERROR;
  }
}
