// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: the key is "<from>-<to>-<cents>": accounts are not intent identity, so
// two equal transfers between the same accounts collapse.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

struct transfer {
  const char *from_account;
  const char *to_account;
  long cents;
};

int send_transfer(CURL *c, const struct transfer *t, const char *json) {
  char line[160];
  struct curl_slist *l;
  int i;
  snprintf(line, sizeof line, "Idempotency-Key: %s-%s-%ld", t->from_account,
           t->to_account, t->cents);
  l = curl_slist_append(NULL, line);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (i = 0; i < 3; i++) {
    if (curl_easy_perform(c) == CURLE_OK)
      break;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  curl_slist_free_all(l);
  return i < 3 ? 0 : -1;
}
