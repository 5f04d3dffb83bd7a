// corpus: origin written
// corpus: negative retry-missing-budget
// C goto retry with a counter compared before the jump.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int fetch_crl(CURL *h, const char *url) {
  long wait_us = 100000;
  int tries = 0;
  CURLcode rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
retry:
  rc = curl_easy_perform(h);
  if ((rc == CURLE_COULDNT_CONNECT || rc == CURLE_OPERATION_TIMEDOUT) &&
      ++tries < 5) {
    usleep((unsigned)(wait_us / 2 + rand() % (wait_us / 2 + 1)));
    wait_us *= 2;
    goto retry;
  }
  return rc == CURLE_OK ? 0 : -1;
}
