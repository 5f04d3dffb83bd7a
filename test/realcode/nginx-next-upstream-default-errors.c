// corpus: origin github:nginx/nginx src/http/ngx_http_upstream.c ngx_http_upstream_test_next
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: negative retry-non-retryable-status retry-missing-backoff retry-missing-budget
// The same table with a configuration that passes on only 502 and 429:
// 403 and 404 are final. Failover to the next peer within the tries budget.
#include <stddef.h>

#define FT_HTTP_502 0x0010
#define FT_HTTP_403 0x0100
#define FT_HTTP_404 0x0200
#define FT_HTTP_429 0x0400

typedef struct {
  unsigned status;
  unsigned mask;
} next_t;

static const next_t next_errors[] = {
    {502, FT_HTTP_502}, {403, FT_HTTP_403}, {404, FT_HTTP_404}, {429, FT_HTTP_429}, {0, 0}};

static const unsigned next_upstream_conf = FT_HTTP_502 | FT_HTTP_429;

typedef struct {
  unsigned tries;
} upstream_t;

unsigned proxy_to_next_peer(upstream_t *u, const char *request); /* returns the peer's HTTP status */

unsigned proxy_request(upstream_t *u, const char *request) {
  for (;;) {
    unsigned status = proxy_to_next_peer(u, request);
    const next_t *un;
    for (un = next_errors; un->status; un++)
      if (un->status == status)
        break;
    if (!un->status || u->tries <= 1 || (next_upstream_conf & un->mask) != un->mask)
      return status;
    u->tries--;
  }
}
