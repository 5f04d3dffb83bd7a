// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// C: a curl POST re-sent after a timeout or an empty reply, with no key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

CURLcode post_order(CURL *c, const char *json) {
  CURLcode rc = CURLE_OK;
  int i;
  curl_easy_setopt(c, CURLOPT_URL, "https://shop.example/api/orders");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, 2000L);
  for (i = 0; i < 3; i++) {
    rc = curl_easy_perform(c);
    if (rc != CURLE_OPERATION_TIMEDOUT && rc != CURLE_GOT_NOTHING)
      break;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  return rc;
}
