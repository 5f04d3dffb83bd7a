// RUN: %check_retrylint -std=c11 %s retry-unkeyed-side-effect %t -- -- -I %S/Inputs/Headers
//
// C retry helpers over function pointers: the helper is recognized by what
// it does (it calls its function-pointer parameter again after a failure),
// and what it re-sends is the function handed to it. In the style of the
// corpus case unkeyed-side-effect-fnptr-helper.c.

#include <curl/curl.h>
#include <stddef.h>

int usleep(unsigned usec);
int rand(void);

typedef int (*attempt_fn)(void *arg);

static int with_attempts(attempt_fn fn, void *arg, int max) {
  int rc = -1;
  for (int i = 0; i < max; i++) {
    rc = fn(arg);
    if (rc == 0)
      break;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  return rc;
}

// Calls its function once: not a retry helper.
static int run_once(attempt_fn fn, void *arg) { return fn(arg); }

struct payment {
  CURL *curl;
  const char *json;
};

static int post_payment(void *arg) {
  struct payment *p = (struct payment *)arg;
  curl_easy_setopt(p->curl, CURLOPT_URL, "https://psp.example/payments");
  curl_easy_setopt(p->curl, CURLOPT_POSTFIELDS, p->json);
  return curl_easy_perform(p->curl) == CURLE_OK ? 0 : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}re-sent after an ambiguous failure without an idempotency key
}

int pay_bad(CURL *curl, const char *json) {
  struct payment p = {curl, json};
  return with_attempts(post_payment, &p, 3);
}

static int post_keyed_payment(void *arg) {
  struct payment *p = (struct payment *)arg;
  curl_easy_setopt(p->curl, CURLOPT_URL, "https://psp.example/payments");
  curl_easy_setopt(p->curl, CURLOPT_HTTPHEADER,
                   curl_slist_append(NULL, "Idempotency-Key: order-42"));
  curl_easy_setopt(p->curl, CURLOPT_POSTFIELDS, p->json);
  return curl_easy_perform(p->curl) == CURLE_OK ? 0 : -1;
}

int pay_keyed_ok(CURL *curl, const char *json) {
  struct payment p = {curl, json};
  return with_attempts(post_keyed_payment, &p, 3);
}

static int put_profile(void *arg) {
  struct payment *p = (struct payment *)arg;
  curl_easy_setopt(p->curl, CURLOPT_URL, "https://api.example/profile/7");
  curl_easy_setopt(p->curl, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(p->curl, CURLOPT_POSTFIELDS, p->json);
  return curl_easy_perform(p->curl) == CURLE_OK ? 0 : -1;
}

int put_profile_ok(CURL *curl, const char *json) {
  struct payment p = {curl, json};
  return with_attempts(put_profile, &p, 3);
}

static int post_refund(void *arg) {
  struct payment *p = (struct payment *)arg;
  curl_easy_setopt(p->curl, CURLOPT_URL, "https://psp.example/refunds");
  curl_easy_setopt(p->curl, CURLOPT_POSTFIELDS, p->json);
  return curl_easy_perform(p->curl) == CURLE_OK ? 0 : -1;
}

int refund_once_ok(CURL *curl, const char *json) {
  struct payment p = {curl, json};
  return run_once(post_refund, &p);
}
