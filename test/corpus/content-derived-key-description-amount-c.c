// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: description and amount formatted straight into the header line.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int post_expense(CURL *c, const char *description, long amount,
                 const char *json) {
  char line[256];
  struct curl_slist *l;
  int i, rc = -1;
  snprintf(line, sizeof line, "Idempotency-Key: %s-%ld", description, amount);
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
