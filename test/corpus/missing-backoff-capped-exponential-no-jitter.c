// corpus: origin written
// corpus: expect retry-missing-backoff
// A capped exponential wait with no randomness: clients that failed at the
// same moment come back at the same moments.
#include <curl/curl.h>

int usleep(unsigned usec);

int fetch_segment(CURL *h, const char *url) {
  long wait_ms = 50;
  curl_easy_setopt(h, CURLOPT_URL, url);
  for (int attempt = 0; attempt < 5; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc != CURLE_COULDNT_CONNECT && rc != CURLE_GOT_NOTHING)
      return rc == CURLE_OK ? 0 : -1;
    usleep((unsigned)(wait_ms * 1000));
    wait_ms = wait_ms * 2 > 2000 ? 2000 : wait_ms * 2;
  }
  return -1;
}
