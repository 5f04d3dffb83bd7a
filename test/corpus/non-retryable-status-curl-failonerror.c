// corpus: origin written
// corpus: expect retry-non-retryable-status
// CURLOPT_FAILONERROR turns every HTTP status >= 400 into a curl error, so a
// loop that retries every curl error retries 400, 401, 403, 404 ... too.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

static long backoff_us(int attempt, long hint_s) {
  long cap = 100000L << attempt;
  if (cap > 4000000L)
    cap = 4000000L;
  long us = rand() % (cap + 1);
  if (hint_s * 1000000L > us)
    us = hint_s * 1000000L;
  return us;
}

int download_manifest(CURL *h, const char *url) {
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 10000L);
  for (int attempt = 0; attempt < 5; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK)
      return 0;
    long retry_after = 0;
    curl_easy_getinfo(h, CURLINFO_RETRY_AFTER, &retry_after);
    usleep((unsigned)backoff_us(attempt, retry_after));
  }
  return -1;
}
