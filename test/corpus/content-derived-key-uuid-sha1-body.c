// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-content-derived-idempotency-key
// C: uuid_generate_sha1 over the request body.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>
#include <uuid/uuid.h>

int usleep(unsigned usec);
unsigned long strlen(const char *s);
extern const unsigned char body_ns[16];

int post_reading(CURL *c, const char *body) {
  uuid_t k;
  char text[37], line[64];
  struct curl_slist *l;
  int i, rc = -1;
  uuid_generate_sha1(k, body_ns, body, strlen(body));
  uuid_unparse_lower(k, text);
  snprintf(line, sizeof line, "Idempotency-Key: %s", text);
  l = curl_slist_append(NULL, line);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
  for (i = 0; i < 3 && rc != 0; i++) {
    if (curl_easy_perform(c) == CURLE_OK)
      rc = 0;
    else
      usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  curl_slist_free_all(l);
  return rc;
}
