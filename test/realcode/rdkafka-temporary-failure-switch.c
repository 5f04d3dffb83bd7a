// corpus: origin github:confluentinc/librdkafka src/rdhttp.c rd_http_get
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-non-retryable-status retry-missing-budget
// With rd_http_is_failure_temporary. The statuses retried are the ones a
// same-file switch predicate calls temporary (408, 425, 429, 500, 502-504):
// no 4xx other than those. The wait grows linearly with no jitter.
#include <curl/curl.h>
#include <stddef.h>
#include <stdlib.h>

typedef int rd_bool_t;
#define rd_true 1
#define rd_false 0

typedef struct http_error {
  int code;
} http_error_t;
typedef struct http_req {
  CURL *curl;
  int code;
  size_t len;
} http_req_t;

static http_error_t *http_error_new(int code) {
  http_error_t *e = (http_error_t *)malloc(sizeof(*e));
  e->code = code;
  return e;
}

/* One request; an HTTP status of 400 or more is returned as an error. */
static http_error_t *http_perform(http_req_t *req) {
  long code = 0;
  if (curl_easy_perform(req->curl) != CURLE_OK)
    return http_error_new(-1);
  curl_easy_getinfo(req->curl, CURLINFO_RESPONSE_CODE, &code);
  req->code = (int)code;
  if (req->code >= 400)
    return http_error_new(req->code);
  return NULL;
}
void http_error_destroy(http_error_t *e);
void rd_usleep(int usec, int *terminate);

static rd_bool_t is_failure_temporary(int error_code) {
  switch (error_code) {
  case 408: /* Request timeout */
  case 425: /* Too early */
  case 429: /* Too many requests */
  case 500:
  case 502:
  case 503:
  case 504:
    return rd_true;
  default:
    return rd_false;
  }
}

http_error_t *http_get(http_req_t *req, int retries, int retry_ms,
                       int *terminate) {
  http_error_t *herr = NULL;
  int i;
  for (i = 0; i <= retries; i++) {
    herr = http_perform(req);
    if (!herr) {
      if (req->len > 0)
        break;
      goto done;
    }
    if (i == retries || !is_failure_temporary(herr->code))
      goto done;
    http_error_destroy(herr);
    rd_usleep(retry_ms * 1000 * (i + 1), terminate);
  }
done:
  return herr;
}
