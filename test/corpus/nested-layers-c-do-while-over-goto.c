// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// C: a do/while retry around a helper that retries with goto.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

static int perform_goto_retry(CURL *h) {
  int tries = 0;
  CURLcode rc;
again:
  rc = curl_easy_perform(h);
  if ((rc == CURLE_COULDNT_CONNECT || rc == CURLE_OPERATION_TIMEDOUT) && ++tries < 3) {
    usleep((unsigned)(rand() % (100000L << tries)));
    goto again;
  }
  return rc == CURLE_OK ? 0 : -1;
}

int fetch_policy(CURL *h, const char *url) {
  int rounds = 0;
  int rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
  do {
    rc = perform_goto_retry(h);
    if (rc != 0)
      usleep((unsigned)(250000 + rand() % 250000));
  } while (rc != 0 && ++rounds < 3);
  return rc;
}
