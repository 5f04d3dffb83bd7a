// corpus: origin github:awslabs/aws-c-io source/exponential_backoff_retry_strategy.c s_compute_full_jitter
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: negative retry-missing-backoff retry-missing-budget
// The delay doubles per retry up to a ceiling and is then drawn uniformly in
// [0, delay) (full jitter); the caller waits that long between attempts and
// stops after max_retries.
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

struct backoff_token {
  uint64_t current_retry_count;
  uint64_t backoff_scale_factor_ns;
  uint64_t maximum_backoff_ns;
};

static uint64_t compute_no_jitter(const struct backoff_token *token) {
  uint64_t retry_count = token->current_retry_count < 63 ? token->current_retry_count : 63;
  uint64_t backoff_ns = ((uint64_t)1 << retry_count) * token->backoff_scale_factor_ns;
  return backoff_ns < token->maximum_backoff_ns ? backoff_ns : token->maximum_backoff_ns;
}

static uint64_t compute_full_jitter(const struct backoff_token *token) {
  uint64_t non_jittered = compute_no_jitter(token);
  return non_jittered ? (uint64_t)random() % non_jittered : 0;
}

int s3_upload_part(void *client, int part); /* network call, other TU */

int upload_part_with_retries(void *client, int part, uint64_t max_retries) {
  struct backoff_token token = {0, 25000000, 20000000000ULL};
  for (;;) {
    if (s3_upload_part(client, part) == 0)
      return 0;
    if (token.current_retry_count >= max_retries)
      return -1;
    usleep((useconds_t)(compute_full_jitter(&token) / 1000));
    token.current_retry_count++;
  }
}
