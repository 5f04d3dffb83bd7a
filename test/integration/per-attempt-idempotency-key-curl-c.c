// The same check over C code (-std=gnu11, for random()) with the real libcurl headers: in C,
// curl_easy_setopt is the type-checking macro from <curl/typecheck-gcc.h>.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=gnu11 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=gnu11 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <uuid/uuid.h>

int charge_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    char key[37], line[80];
    uuid_generate_random(u);
    uuid_unparse_lower(u, key);
    snprintf(line, sizeof line, "Idempotency-Key: %s", key);
    // CHECK: :[[@LINE-1]]:56: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
    // CHECK: :[[@LINE-4]]:5: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK: :[[@LINE-8]]:3: note: retry loop re-sends the request here
    struct curl_slist *headers = curl_slist_append(NULL, line);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    CURLcode rc = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    if (rc == CURLE_OK)
      return 0;
  }
  return -1;
}

int random_bad(CURL *curl) {
  int tries = 0;
  while (tries++ < 3) {
    char line[64];
    snprintf(line, sizeof line, "Idempotency-Key: %ld", random());
    // CHECK: :[[@LINE-1]]:57: warning: idempotency key changes on every attempt: it is derived from a random number from 'random'
    // CHECK: :[[@LINE-4]]:3: note: retry loop re-sends the request here
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      break;
  }
  return 0;
}

int minted_before_loop_ok(CURL *curl) {
  uuid_t u;
  char key[37], line[80];
  uuid_generate_random(u);
  uuid_unparse_lower(u, key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  struct curl_slist *headers = curl_slist_append(NULL, line);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  for (int attempt = 0; attempt < 3; ++attempt)
    if (curl_easy_perform(curl) == CURLE_OK)
      return 0;
  return -1;
}

int order_key_ok(CURL *curl, const char *order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    char line[80];
    snprintf(line, sizeof line, "Idempotency-Key: order-%s", order_id);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, line));
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      return 0;
  }
  return -1;
}
