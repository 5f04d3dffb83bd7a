// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C with a goto retry: the key is rand() output formatted per attempt.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int notify_partner(CURL *c, const char *json) {
  int attempts = 0;
  char hdr[80];
  struct curl_slist *l;
  CURLcode rc;
again:
  snprintf(hdr, sizeof hdr, "Idempotency-Key: %08x%08x", rand(), rand());
  l = curl_slist_append(NULL, hdr);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  rc = curl_easy_perform(c);
  curl_slist_free_all(l);
  if (rc != CURLE_OK && ++attempts < 3) {
    usleep(100000u * (unsigned)attempts + (unsigned)(rand() % 100000));
    goto again;
  }
  return rc == CURLE_OK ? 0 : -1;
}
