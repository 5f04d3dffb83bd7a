// corpus: origin github:nginx/nginx src/http/ngx_http_core_module.c ngx_http_core_run_phases
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff
// The phase engine: each checker advances r->phase_handler itself, so each
// round calls the next phase's checker. It leaves on NGX_OK, which made it
// look like a retry of the same call until it succeeds.
#define NGX_OK 0

typedef struct request_s request_t;
typedef struct phase_handler_s phase_handler_t;
struct phase_handler_s {
  int (*checker)(request_t *r, phase_handler_t *ph);
  unsigned next;
};
struct request_s {
  unsigned phase_handler;
  phase_handler_t *handlers;
};

void run_phases(request_t *r) {
  phase_handler_t *ph = r->handlers;
  while (ph[r->phase_handler].checker) {
    int rc = ph[r->phase_handler].checker(r, &ph[r->phase_handler]);
    if (rc == NGX_OK)
      return;
  }
}
