// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// C: CURLOPT_CUSTOMREQUEST "PUT" with POSTFIELDS is a PUT, idempotent by
// method, so the retry after a timeout is safe without a key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int put_config(CURL *c, const char *url, const char *json) {
  int attempt;
  curl_easy_setopt(c, CURLOPT_URL, url);
  curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (attempt = 0; attempt < 3; attempt++) {
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK)
      return 0;
    usleep((unsigned)(100000 << attempt) + (unsigned)(rand() % 100000));
  }
  return -1;
}
