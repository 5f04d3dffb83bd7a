// corpus: origin written
// corpus: expect retry-non-retryable-status
// C goto retry: every response code >= 400 jumps back, 4xx included.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int fetch_dns_zone(CURL *h, const char *url) {
  int tries = 0;
  long code = 0;
  CURLcode rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
again:
  rc = curl_easy_perform(h);
  if (rc != CURLE_OK)
    return -1;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
  if (code >= 400 && ++tries < 4) {
    long ra = 0;
    long us = rand() % (200000L << tries);
    curl_easy_getinfo(h, CURLINFO_RETRY_AFTER, &ra);
    if (ra * 1000000L > us)
      us = ra * 1000000L;
    usleep((unsigned)us);
    goto again;
  }
  return code == 200 ? 0 : (int)code;
}
