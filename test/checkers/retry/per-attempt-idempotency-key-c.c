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

// A helper over a function pointer retries the function handed to it: a key
// minted in that function is minted once per attempt. (The corpus case
// per-attempt-key-fnptr-helper.c.)
typedef int (*attempt_fn)(void *arg);
static int with_attempts(attempt_fn fn, void *arg, int max) {
  int rc = -1;
  for (int i = 0; i < max && rc != 0; i++)
    rc = fn(arg);
  return rc;
}
static int run_once(attempt_fn fn, void *arg) { return fn(arg); }

static int post_with_fresh_key(void *arg) {
  CURL *curl = (CURL *)arg;
  uuid_t u;
  char key[37];
  char line[80];
  uuid_generate_random(u);
  uuid_unparse_lower(u, key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(0, line));
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  return curl_easy_perform(curl) == CURLE_OK ? 0 : -1;
}

int charge_fnptr_helper_bad(CURL *curl) {
  return with_attempts(post_with_fresh_key, curl, 3);
}

// Minted per call, but the call is made once: nothing retries it.
static int post_once_with_fresh_key(void *arg) {
  CURL *curl = (CURL *)arg;
  uuid_t u;
  char key[37];
  char line[80];
  uuid_generate_random(u);
  uuid_unparse_lower(u, key);
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(0, line));
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  return curl_easy_perform(curl) == CURLE_OK ? 0 : -1;
}

int charge_once_ok(CURL *curl) { return run_once(post_once_with_fresh_key, curl); }

/* A clock read into a struct through its address, then its fields (the
   corpus case per-attempt-key-gettimeofday-do-while). */
struct clock_reading {
  long tv_sec;
  long tv_usec;
};
int gettimeofday(struct clock_reading *tv, void *tz);

int charge_clock_struct_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    struct clock_reading tv;
    char line[80];
    gettimeofday(&tv, 0);
    snprintf(line, sizeof line, "Idempotency-Key: %ld", tv.tv_sec * 1000000L + tv.tv_usec);
    // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: idempotency key changes on every attempt: it is derived from the clock ('gettimeofday')
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(0, line));
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
    if (curl_easy_perform(curl) == CURLE_OK)
      return 0;
  }
  return 1;
}
