// RUN: %check_retrylint -std=c11 %s retry-per-attempt-idempotency-key %t -- -- -I %S/Inputs/Headers

#include <curl/curl.h>
#include <stdio.h>
#include <uuid/uuid.h>

int charge_c_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    char key[37];
    char line[80];
    uuid_generate_random(u);
    uuid_unparse_lower(u, key);
    snprintf(line, sizeof line, "Idempotency-Key: %s", key);
    // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(0, line));
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      return 0;
  }
  return 1;
}

int charge_c_ok(CURL *curl, const char *order_id) {
  char line[80];
  snprintf(line, sizeof line, "Idempotency-Key: order-%s", order_id);
  for (int attempt = 0; attempt < 3; ++attempt) {
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(0, line));
    if (curl_easy_perform(curl) == CURLE_OK)
      return 0;
  }
  return 1;
}
