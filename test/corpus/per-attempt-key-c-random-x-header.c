// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: random() formatted into an X-Idempotency-Key header in a while loop.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

long random(void);
int usleep(unsigned usec);

int post_reading(CURL *c, const char *json) {
  int tries = 0;
  CURLcode rc = CURLE_OK;
  while (tries < 4) {
    char h[64];
    struct curl_slist *l;
    snprintf(h, sizeof h, "X-Idempotency-Key: r%ld", random());
    l = curl_slist_append(NULL, h);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
    rc = curl_easy_perform(c);
    curl_slist_free_all(l);
    if (rc == CURLE_OK)
      break;
    tries++;
    usleep((unsigned)(100000 << tries) + (unsigned)(random() % 100000));
  }
  return rc == CURLE_OK ? 0 : -1;
}
