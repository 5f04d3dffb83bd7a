// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// C: a helper formats IBAN and amount into the key buffer.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

struct sepa_payment {
  const char *iban;
  const char *bic;
  long cents;
};

static void payment_key(const struct sepa_payment *p, char *out,
                        unsigned long n) {
  snprintf(out, n, "%s:%s:%ld", p->iban, p->bic, p->cents);
}

int submit_sepa(CURL *c, const struct sepa_payment *p, const char *xml) {
  char key[96], line[128];
  struct curl_slist *l;
  int i, ok = 0;
  payment_key(p, key, sizeof key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  l = curl_slist_append(NULL, line);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, xml);
  for (i = 0; i < 3 && !ok; i++) {
    ok = curl_easy_perform(c) == CURLE_OK;
    if (!ok)
      usleep((unsigned)(200000 << i) + (unsigned)(rand() % 200000));
  }
  curl_slist_free_all(l);
  return ok ? 0 : -1;
}
