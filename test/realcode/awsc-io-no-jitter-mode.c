// corpus: origin github:awslabs/aws-c-io source/exponential_backoff_retry_strategy.c s_compute_no_jitter
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget
// The strategy configured with the NONE jitter mode: the delay doubles up to
// a ceiling with no randomness, so clients that failed together retry
// together.
#include <stdint.h>
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

int dns_resolve_host(const char *host); /* resolver call, other TU */

int resolve_with_retries(const char *host) {
  struct backoff_token token = {0, 25000000, 20000000000ULL};
  while (token.current_retry_count < 5) {
    if (dns_resolve_host(host) == 0)
      return 0;
    usleep((useconds_t)(compute_no_jitter(&token) / 1000));
    token.current_retry_count++;
  }
  return -1;
}
