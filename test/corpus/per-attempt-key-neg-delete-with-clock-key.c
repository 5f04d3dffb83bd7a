// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// C: a DELETE (custom request) with a clock-based key per attempt;
// deleting twice is the same as deleting once.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

long time(long *out);
int usleep(unsigned usec);

int drop_session(CURL *c, const char *url) {
  int n;
  for (n = 0; n < 3; n++) {
    char line[64];
    struct curl_slist *l;
    CURLcode rc;
    snprintf(line, sizeof line, "Idempotency-Key: %ld", time(NULL));
    l = curl_slist_append(NULL, line);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "DELETE");
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
    rc = curl_easy_perform(c);
    curl_slist_free_all(l);
    if (rc == CURLE_OK)
      return 0;
    usleep((unsigned)(200000 * (n + 1)) + (unsigned)(rand() % 100000));
  }
  return -1;
}
