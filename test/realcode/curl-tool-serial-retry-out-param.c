// corpus: origin github:curl/curl src/tool_operate.c serial_transfers
// corpus: real-headers
// corpus: fixme-fn retry-missing-backoff FIXME: the wait's duration comes back through an out-parameter of a same-file function (post_transfer -> next_delay) that doubles it with no jitter; the model reads it as unknown, so no finding
// corpus: negative retry-non-retryable-status
// corpus: negative retry-missing-budget retry-unkeyed-side-effect
// Also post_per_transfer and retry_sleep. A loop over the transfers: each is
// set up (its status shares the transfer's variable), performed, and handed
// to a function that decides whether to retry it and how long to wait
// (doubling from 1 s to 10 min, or the server's Retry-After); the loop waits
// that long and goes back to the same transfer, otherwise moves on. The cap
// lives in that function too (a per-transfer retries-left count), so the
// loop has one; and the statuses it retries are that function's business.
#include <curl/curl.h>
#include <stdbool.h>
#include <stdint.h>

struct transfer {
  CURL *curl;
  struct transfer *next;
  long retries_left;
  uint32_t last_sleep_ms;
};

void curlx_wait_ms(uint32_t ms);
CURLcode setup_transfer(struct transfer *t);

static uint32_t next_delay(struct transfer *t) {
  curl_off_t retry_after = 0;
  curl_easy_getinfo(t->curl, CURLINFO_RETRY_AFTER, &retry_after);
  if (retry_after)
    return (uint32_t)retry_after * 1000U;
  t->last_sleep_ms = t->last_sleep_ms ? t->last_sleep_ms * 2 : 1000;
  if (t->last_sleep_ms > 600000)
    t->last_sleep_ms = 600000;
  return t->last_sleep_ms;
}

static int post_transfer(struct transfer *t, CURLcode result, bool *retry,
                         uint32_t *delay_ms) {
  long code = 0;
  *retry = false;
  curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &code);
  if (t->retries_left > 0 &&
      (result == CURLE_OPERATION_TIMEDOUT || code == 408 || code == 429 ||
       (code >= 500 && code < 600))) {
    --t->retries_left;
    *retry = true;
    *delay_ms = next_delay(t);
  }
  return result != CURLE_OK;
}

int run_all(struct transfer *transfers) {
  int failures = 0;
  for (struct transfer *t = transfers; t;) {
    bool retry;
    uint32_t delay_ms;
    CURLcode result = setup_transfer(t);
    if (result)
      break;
    result = curl_easy_perform(t->curl);
    failures += post_transfer(t, result, &retry, &delay_ms);
    if (retry) {
      curlx_wait_ms(delay_ms);
      continue;
    }
    t = t->next;
  }
  return failures;
}
