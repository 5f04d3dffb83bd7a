// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: snprintf(buf, sizeof buf, "ord-%s-%ld", order_id, cents): the order id
// is in the key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int capture(CURL *c, const char *order_id, long cents, const char *json) {
  char key[80], line[112];
  struct curl_slist *l;
  int i, rc = -1;
  snprintf(key, sizeof key, "ord-%s-%ld", order_id, cents);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  l = curl_slist_append(NULL, line);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (i = 0; i < 3; i++) {
    if (curl_easy_perform(c) == CURLE_OK) {
      rc = 0;
      break;
    }
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  curl_slist_free_all(l);
  return rc;
}
