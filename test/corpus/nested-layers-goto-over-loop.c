// corpus: origin written
// corpus: expect retry-nested-layers
// C: a goto retry around a helper that loops over attempts itself.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

static int perform_with_retries(CURL *h) {
  for (int i = 0; i < 3; ++i) {
    CURLcode rc = curl_easy_perform(h);
    if (rc != CURLE_COULDNT_CONNECT && rc != CURLE_OPERATION_TIMEDOUT)
      return rc == CURLE_OK ? 0 : -1;
    usleep((unsigned)(rand() % (100000L << i)));
  }
  return -2;
}

int refresh_jwks(CURL *h, const char *url) {
  int rounds = 0;
  curl_easy_setopt(h, CURLOPT_URL, url);
again:
  if (perform_with_retries(h) == -2 && ++rounds < 3) {
    usleep((unsigned)(500000 + rand() % 500000));
    goto again;
  }
  return 0;
}
