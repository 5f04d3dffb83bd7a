// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// C: only "could not connect" and DNS failures are retried; the request
// never reached the server then. A timeout is returned to the caller.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

CURLcode send_order(CURL *c, const char *json) {
  CURLcode rc = CURLE_OK;
  int i;
  curl_easy_setopt(c, CURLOPT_URL, "https://orders.example/v1/orders");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (i = 0; i < 3; i++) {
    rc = curl_easy_perform(c);
    if (rc != CURLE_COULDNT_CONNECT && rc != CURLE_COULDNT_RESOLVE_HOST)
      break;
    usleep((unsigned)(200000 << i) + (unsigned)(rand() % 200000));
  }
  return rc;
}
