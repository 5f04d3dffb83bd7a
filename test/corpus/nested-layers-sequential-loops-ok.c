// corpus: origin written
// corpus: negative retry-nested-layers
// C: two retry loops one after the other (fetch, then upload the result),
// neither inside the other.
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

int mirror_file(CURL *src, CURL *dst, const char *from, const char *to) {
  curl_easy_setopt(src, CURLOPT_URL, from);
  if (perform_with_retries(src) != 0)
    return -1;
  curl_easy_setopt(dst, CURLOPT_URL, to);
  curl_easy_setopt(dst, CURLOPT_CUSTOMREQUEST, "PUT");
  return perform_with_retries(dst);
}
