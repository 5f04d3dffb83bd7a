// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// C: a for-loop retry of the whole sync around a helper whose do/while
// retries the transfer: 3 x 4 requests.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

static int transfer(CURL *h) {
  int tries = 0;
  CURLcode rc;
  do {
    rc = curl_easy_perform(h);
    if (rc == CURLE_OK)
      return 0;
    usleep((unsigned)(rand() % (100000L << tries)));
  } while ((rc == CURLE_COULDNT_CONNECT || rc == CURLE_OPERATION_TIMEDOUT) && ++tries < 4);
  return -1;
}

int sync_blocklist(CURL *h, const char *url) {
  curl_easy_setopt(h, CURLOPT_URL, url);
  for (int round = 0; round < 3; ++round) {
    if (transfer(h) == 0)
      return 0;
    usleep((unsigned)(1000000 + rand() % 1000000));
  }
  return -1;
}
