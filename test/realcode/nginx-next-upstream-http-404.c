// corpus: origin github:nginx/nginx src/http/ngx_http_upstream.c ngx_http_upstream_test_next
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: fixme-fn retry-non-retryable-status FIXME: a loop that calls an unknown external function again after its failure is not a retry site unless the callee is a known library operation; the retried statuses come from a static status-to-mask table and a constant configuration mask, not from a comparison in the loop
// corpus: negative retry-missing-backoff retry-missing-budget retry-unkeyed-side-effect
// The next-upstream table maps statuses to failure masks; this build's
// configuration (proxy_next_upstream http_403 http_404 http_502) passes a
// request on to the next peer on 403 and 404 as well, which no other peer
// will answer differently. Failover (next peer), within the tries budget;
// non-idempotent requests are not passed on once sent.
#include <stddef.h>

#define NGX_HTTP_POST 0x0008
#define NGX_HTTP_PATCH 0x4000
#define FT_HTTP_502 0x0010
#define FT_HTTP_403 0x0100
#define FT_HTTP_404 0x0200
#define FT_HTTP_429 0x0400
#define FT_NON_IDEMPOTENT 0x4000

typedef struct {
  unsigned status;
  unsigned mask;
} next_t;

static const next_t next_errors[] = {
    {502, FT_HTTP_502}, {403, FT_HTTP_403}, {404, FT_HTTP_404}, {429, FT_HTTP_429}, {0, 0}};

static const unsigned next_upstream_conf = FT_HTTP_403 | FT_HTTP_404 | FT_HTTP_502;

typedef struct {
  unsigned tries;
  int request_sent;
} upstream_t;

unsigned proxy_to_next_peer(upstream_t *u, const char *request); /* returns the peer's HTTP status */

unsigned proxy_request(upstream_t *u, unsigned method, const char *request) {
  for (;;) {
    unsigned status = proxy_to_next_peer(u, request);
    const next_t *un;
    for (un = next_errors; un->status; un++)
      if (un->status == status)
        break;
    if (!un->status)
      return status; /* not a next-upstream status: final */
    unsigned mask = un->mask;
    if (u->request_sent && (method & (NGX_HTTP_POST | NGX_HTTP_PATCH)))
      mask |= FT_NON_IDEMPOTENT;
    if (u->tries <= 1 || (next_upstream_conf & mask) != mask)
      return status;
    u->tries--;
  }
}
