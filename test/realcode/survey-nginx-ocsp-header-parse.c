// corpus: origin github:nginx/nginx src/event/ngx_event_openssl_stapling.c ngx_ssl_ocsp_process_headers
// corpus: negative retry-missing-backoff retry-missing-budget
// Parsing a response's headers: the parser advances the header pointers in
// the context it is handed, and the string comparison reads them, so each
// round compares the next header. The loop goes round on a parsed header,
// not because a call failed.
#include <stddef.h>

#define NGX_OK 0
#define NGX_ERROR -1
#define NGX_AGAIN -2
#define NGX_DONE -4

typedef struct {
  unsigned char *pos;
  unsigned char *last;
  unsigned char *name_start;
  unsigned char *name_end;
  unsigned char *value_start;
  unsigned char *value_end;
} ocsp_ctx_t;

/* defined in another file */
int str_ncasecmp(unsigned char *s1, unsigned char *s2, size_t n);
int parse_header_line(ocsp_ctx_t *ctx);
void log_error(const char *msg);

int process_headers(ocsp_ctx_t *ctx) {
  size_t len;
  int rc;
  for (;;) {
    rc = parse_header_line(ctx);
    if (rc == NGX_OK) {
      len = ctx->name_end - ctx->name_start;
      if (len == sizeof("Content-Type") - 1 &&
          str_ncasecmp(ctx->name_start, (unsigned char *)"Content-Type",
                       sizeof("Content-Type") - 1) == 0) {
        len = ctx->value_end - ctx->value_start;
        if (len != sizeof("application/ocsp-response") - 1 ||
            str_ncasecmp(ctx->value_start,
                         (unsigned char *)"application/ocsp-response",
                         sizeof("application/ocsp-response") - 1) != 0) {
          log_error("invalid Content-Type");
          return NGX_ERROR;
        }
        continue;
      }
      continue;
    }
    if (rc == NGX_DONE)
      break;
    if (rc == NGX_AGAIN)
      return NGX_AGAIN;
    log_error("invalid response");
    return NGX_ERROR;
  }
  return NGX_OK;
}
