// RUN: %check_retrylint -std=c11 %s retry-content-derived-idempotency-key %t -- -- -I %S/Inputs/Headers
//
// Keys written into C buffers: what is formatted into the buffer is the
// key; `sizeof` and size arguments are constants, not sources.

#include <curl/curl.h>
#include <stdio.h>
#include <string.h>

unsigned crc32_of(const char *p, unsigned long n);

void crc_of_payload_bad(CURL *c, const char *payload) {
  char key[16], line[48];
  snprintf(key, sizeof key, "%08x", crc32_of(payload, strlen(payload)));
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: idempotency key is derived only from payload content (a hash of 'payload')
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
}

struct sepa_payment {
  const char *iban;
  long cents;
  const char *payment_id;
};

// A same-file helper fills the buffer it is handed.
static void amount_key(const struct sepa_payment *p, char *out,
                       unsigned long n) {
  snprintf(out, n, "%s:%ld", p->iban, p->cents);
}

void helper_buffer_bad(CURL *c, const struct sepa_payment *p) {
  char key[64], line[96];
  amount_key(p, key, sizeof key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: idempotency key is derived only from payload content ('cents')
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
}

static void intent_key(const struct sepa_payment *p, char *out,
                       unsigned long n) {
  snprintf(out, n, "%s:%ld", p->payment_id, p->cents);
}

void helper_buffer_with_intent_ok(CURL *c, const struct sepa_payment *p) {
  char key[64], line[96];
  intent_key(p, key, sizeof key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
}

void intent_in_buffer_ok(CURL *c, const char *order_id, const char *payload) {
  char line[96];
  snprintf(line, sizeof line, "Idempotency-Key: %s-%08x", order_id,
           crc32_of(payload, strlen(payload)));
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
}
