// corpus: origin written
// corpus: expect retry-missing-backoff
// C goto retry on a timed-out transfer, straight back to the request.
#include <curl/curl.h>

int fetch_keys(CURL *h, const char *url) {
  int tries = 0;
  CURLcode rc;
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 3000L);
again:
  rc = curl_easy_perform(h);
  if (rc == CURLE_OPERATION_TIMEDOUT && ++tries < 3)
    goto again;
  return rc == CURLE_OK ? 0 : -1;
}
