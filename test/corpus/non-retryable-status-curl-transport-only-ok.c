// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// Without CURLOPT_FAILONERROR, curl_easy_perform succeeds on any HTTP reply:
// this loop retries transport errors only and hands every status back.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

long fetch_config(CURL *h, const char *url) {
  long code = 0;
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 5000L);
  for (int attempt = 0; attempt < 4; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK) {
      curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
      return code;
    }
    long cap = 200000L << attempt;
    usleep((unsigned)(rand() % cap));
  }
  return -1;
}
