// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C client: uuid_generate_random + uuid_unparse_lower into a buffer that is
// then formatted into the Idempotency-Key header, all inside the loop.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>
#include <uuid/uuid.h>

int usleep(unsigned usec);

CURLcode post_transfer(CURL *h, const char *body) {
  CURLcode rc = CURLE_OK;
  int tries = 0;
  while (tries < 3) {
    uuid_t raw;
    char text[37];
    char line[64];
    struct curl_slist *list;
    uuid_generate_random(raw);
    uuid_unparse_lower(raw, text);
    snprintf(line, sizeof line, "Idempotency-Key: %s", text);
    list = curl_slist_append(NULL, line);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
    rc = curl_easy_perform(h);
    curl_slist_free_all(list);
    if (rc != CURLE_OPERATION_TIMEDOUT && rc != CURLE_GOT_NOTHING)
      break;
    tries++;
    usleep(250000u * (unsigned)tries + (unsigned)(rand() % 100000));
  }
  return rc;
}
