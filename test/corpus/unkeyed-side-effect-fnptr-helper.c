// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// C: a retry helper over a function pointer; the operation POSTs a
// payment with no key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

typedef int (*attempt_fn)(void *arg);

int with_attempts(attempt_fn fn, void *arg, int max) {
  int i, rc = -1;
  for (i = 0; i < max; i++) {
    rc = fn(arg);
    if (rc == 0)
      break;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  return rc;
}

struct payment {
  CURL *curl;
  const char *json;
};

static int post_payment(void *arg) {
  struct payment *p = (struct payment *)arg;
  curl_easy_setopt(p->curl, CURLOPT_URL, "https://psp.example/payments");
  curl_easy_setopt(p->curl, CURLOPT_POSTFIELDS, p->json);
  return curl_easy_perform(p->curl) == CURLE_OK ? 0 : -1;
}

int pay(CURL *curl, const char *json) {
  struct payment p;
  p.curl = curl;
  p.json = json;
  return with_attempts(post_payment, &p, 3);
}
