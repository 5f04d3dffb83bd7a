// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A C payout client: the key is the wall-clock second, formatted into the
// header line on every pass of the retry loop.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

long time(long *out);
int usleep(unsigned usec);

int send_payout(CURL *curl, const char *payload) {
  char header[96];
  int attempt;
  for (attempt = 0; attempt < 5; attempt++) {
    struct curl_slist *hdrs = NULL;
    CURLcode rc;
    snprintf(header, sizeof header, "Idempotency-Key: payout-%ld", time(NULL));
    hdrs = curl_slist_append(hdrs, header);
    curl_easy_setopt(curl, CURLOPT_URL, "https://psp.example/payouts");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdrs);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload);
    rc = curl_easy_perform(curl);
    curl_slist_free_all(hdrs);
    if (rc == CURLE_OK)
      return 0;
    usleep((unsigned)((100000 << attempt) + rand() % 50000));
  }
  return -1;
}
