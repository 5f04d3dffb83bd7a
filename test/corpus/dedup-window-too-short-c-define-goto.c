// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// C: the gateway keeps de-dup keys DEDUP_TTL_SECONDS (30); the goto retry
// that relies on them waits up to 16 s between 5 attempts.
#include <curl/curl.h>
#include <stdio.h>

#define DEDUP_TTL_SECONDS 30

unsigned sleep(unsigned seconds);

int submit_meter_reading(CURL *h, const char *reading_id, const char *json) {
  char header[128];
  struct curl_slist *hdrs = 0;
  int tries = 0;
  long wait_s = 2;
  long code = 0;
  CURLcode rc;
  snprintf(header, sizeof header, "Idempotency-Key: reading-%s", reading_id);
  hdrs = curl_slist_append(hdrs, header);
  curl_easy_setopt(h, CURLOPT_URL, "https://meters.example/readings");
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdrs);
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, json);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 5000L);
retry:
  rc = curl_easy_perform(h);
  if (rc == CURLE_OK)
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
  if ((rc == CURLE_OPERATION_TIMEDOUT || rc == CURLE_GOT_NOTHING || code == 502 ||
       code == 504) && ++tries < 5) {
    sleep((unsigned)(wait_s / 2 + rand() % (wait_s / 2 + 1)));
    if (wait_s < 16)
      wait_s *= 2;
    code = 0;
    goto retry;
  }
  curl_slist_free_all(hdrs);
  return code == 200 || code == 201 ? 0 : -1;
}
