// corpus: origin github:awslabs/aws-c-s3 source/s3_client.c aws_s3_client_notify_connection_finished
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: fixme-fn retry-missing-backoff FIXME: the loop is a retry site, but its retried outcomes stay unknown: the decision goes through a same-TU classifier that maps the returned struct to an enum (classify(r) == RETRY_NONE), which is not read, so the 503 path is not seen
// corpus: negative retry-non-retryable-status retry-missing-budget
// Error classes feed the retry strategy: 500 and 503 (SlowDown) are server
// errors and throttling, other 4xx end the request. Waits are fully
// jittered and capped, but a 503 is retried without reading Retry-After.
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

enum retry_error_type { RETRY_NONE, RETRY_SERVER_ERROR, RETRY_THROTTLING, RETRY_TRANSIENT };

struct part_result {
  int error_code; /* 0, or a transport error */
  int response_status;
};

struct part_result s3_send_part_request(void *connection, int part); /* HTTP PUT of one part */

static enum retry_error_type classify(struct part_result r) {
  if (r.error_code != 0)
    return RETRY_TRANSIENT;
  if (r.response_status == 500)
    return RETRY_SERVER_ERROR;
  if (r.response_status == 503)
    return RETRY_THROTTLING;
  return RETRY_NONE;
}

int upload_part(void *connection, int part) {
  uint64_t backoff_ms = 25;
  for (int attempt = 0; attempt < 5; ++attempt) {
    struct part_result r = s3_send_part_request(connection, part);
    if (r.error_code == 0 && r.response_status / 100 == 2)
      return 0;
    if (classify(r) == RETRY_NONE)
      return -1;
    usleep((useconds_t)((uint64_t)random() % backoff_ms) * 1000);
    backoff_ms = backoff_ms * 2 < 20000 ? backoff_ms * 2 : 20000;
  }
  return -1;
}
