// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// A C retry helper over a function pointer; the operation builds its key
// from rand() each time it is called.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

struct job {
  CURL *curl;
  const char *body;
};

static int retry_op(int (*op)(void *), void *ctx, int max_tries) {
  int i;
  for (i = 0; i < max_tries; i++) {
    if (op(ctx) == 0)
      return 0;
    usleep((unsigned)(50000 << i) + (unsigned)(rand() % 50000));
  }
  return -1;
}

static int post_job(void *ctx) {
  struct job *j = (struct job *)ctx;
  char h[64];
  struct curl_slist *l;
  CURLcode rc;
  snprintf(h, sizeof h, "Idempotency-Key: job-%d", rand());
  l = curl_slist_append(NULL, h);
  curl_easy_setopt(j->curl, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(j->curl, CURLOPT_POSTFIELDS, j->body);
  rc = curl_easy_perform(j->curl);
  curl_slist_free_all(l);
  return rc == CURLE_OK ? 0 : -1;
}

int enqueue_job(CURL *curl, const char *body) {
  struct job j;
  j.curl = curl;
  j.body = body;
  return retry_op(post_job, &j, 4);
}
