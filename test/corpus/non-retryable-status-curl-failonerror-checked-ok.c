// corpus: origin written
// corpus: negative retry-non-retryable-status
// CURLOPT_FAILONERROR is on, but an HTTP error is inspected: only 408, 429
// and 5xx go back to the loop, and Retry-After is honoured.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int push_metrics(CURL *h, const char *url) {
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
  for (int attempt = 0; attempt < 4; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK)
      return 0;
    long wait_us = rand() % (250000L << attempt);
    if (rc == CURLE_HTTP_RETURNED_ERROR) {
      long code = 0;
      curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
      if (code < 500 && code != 408 && code != 429)
        return (int)code;
      long ra = 0;
      curl_easy_getinfo(h, CURLINFO_RETRY_AFTER, &ra);
      if (ra * 1000000L > wait_us)
        wait_us = ra * 1000000L;
    }
    usleep((unsigned)wait_us);
  }
  return -1;
}
