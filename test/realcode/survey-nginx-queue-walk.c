// corpus: origin github:nginx/nginx src/http/ngx_http.c ngx_http_init_locations
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// Walking a configuration queue, and recursing into each entry's nested
// queue, is container iteration: nothing is re-issued because a call
// failed. FIXME: with --cross-tu (scripts/survey/cross-tu-cases.sh) the
// facts pass calls both the outer walk and the recursion "retry loop
// (unbounded)" and retry-nested-layers reports "unbounded requests per call".
#include <stddef.h>

typedef struct ngx_queue_s ngx_queue_t;
struct ngx_queue_s {
  ngx_queue_t *prev;
  ngx_queue_t *next;
};

typedef struct {
  ngx_queue_t queue;
  ngx_queue_t *locations; /* nested locations, may be NULL */
  int exact;
} location_t;

int add_to_tree(location_t *loc); /* defined in another file */

static int init_locations(ngx_queue_t *locations) {
  ngx_queue_t *q;
  if (locations == NULL)
    return 0;
  for (q = locations->next; q != locations; q = q->next) {
    location_t *loc = (location_t *)q;
    if (init_locations(loc->locations) != 0)
      return -1;
    if (add_to_tree(loc) != 0)
      return -1;
  }
  return 0;
}

int init_server_locations(ngx_queue_t *servers) {
  ngx_queue_t *q;
  for (q = servers->next; q != servers; q = q->next) {
    location_t *srv = (location_t *)q;
    if (init_locations(srv->locations) != 0)
      return -1;
  }
  return 0;
}
