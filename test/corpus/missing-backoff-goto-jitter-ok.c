// corpus: origin written
// corpus: negative retry-missing-backoff
// C goto retry with a randomized, doubling wait before the jump.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int fetch_keys(CURL *h, const char *url) {
  int tries = 0;
  long step_us = 100000;
  CURLcode rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 3000L);
again:
  rc = curl_easy_perform(h);
  if (rc == CURLE_OPERATION_TIMEDOUT && ++tries < 3) {
    usleep((unsigned)(step_us + rand() % step_us));
    step_us *= 2;
    goto again;
  }
  return rc == CURLE_OK ? 0 : -1;
}
