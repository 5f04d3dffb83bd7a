// corpus: origin written
// corpus: expect retry-missing-backoff
// corpus: expect retry-non-retryable-status
// With CURLOPT_FAILONERROR every HTTP error is a curl error; the loop
// retries all of them (4xx included) and never reads Retry-After, though
// 429 and 503 are among them.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int get_release_notes(CURL *h, const char *url) {
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
    usleep((unsigned)(rand() % (200000L << attempt)));
  }
  return -1;
}
