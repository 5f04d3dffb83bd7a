// corpus: origin written
// corpus: negative retry-missing-backoff retry-non-retryable-status
// C: a random wait in [0, 2^attempt x 100 ms) between transport retries;
// HTTP replies are returned as they are.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

long probe_endpoint(CURL *h, const char *url) {
  long code = 0;
  curl_easy_setopt(h, CURLOPT_URL, url);
  for (int i = 0; i < 4; ++i) {
    if (curl_easy_perform(h) == CURLE_OK) {
      curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
      return code;
    }
    usleep((unsigned)(rand() % (100000L << i)));
  }
  return -1;
}
