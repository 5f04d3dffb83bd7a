// corpus: origin written
// corpus: expect retry-missing-budget
// C goto retry on transport errors: no counter, no deadline.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int fetch_crl(CURL *h, const char *url) {
  long wait_us = 100000;
  CURLcode rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
retry:
  rc = curl_easy_perform(h);
  if (rc == CURLE_COULDNT_CONNECT || rc == CURLE_OPERATION_TIMEDOUT) {
    usleep((unsigned)(wait_us / 2 + rand() % (wait_us / 2 + 1)));
    if (wait_us < 8000000)
      wait_us *= 2;
    goto retry;
  }
  return rc == CURLE_OK ? 0 : -1;
}
