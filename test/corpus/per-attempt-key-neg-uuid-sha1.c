// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: uuid_generate_sha1 over the invoice id inside the loop is a stable key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>
unsigned long strlen(const char *s);
#include <uuid/uuid.h>

int usleep(unsigned usec);
extern const unsigned char invoice_ns[16];

int pay_invoice(CURL *c, const char *invoice_id, const char *json) {
  int i;
  for (i = 0; i < 3; i++) {
    uuid_t k;
    char s[37], line[64];
    struct curl_slist *l;
    CURLcode rc;
    uuid_generate_sha1(k, invoice_ns, invoice_id, strlen(invoice_id));
    uuid_unparse_lower(k, s);
    snprintf(line, sizeof line, "Idempotency-Key: %s", s);
    l = curl_slist_append(NULL, line);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
    rc = curl_easy_perform(c);
    curl_slist_free_all(l);
    if (rc == CURLE_OK)
      return 0;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  return -1;
}
