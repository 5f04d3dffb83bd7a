// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// C with goto: the telemetry upload POST is re-sent after any curl error.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int upload_batch(CURL *c, const char *ndjson) {
  int tries = 0;
  CURLcode rc;
  curl_easy_setopt(c, CURLOPT_URL, "https://ingest.example/batches");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, ndjson);
retry:
  rc = curl_easy_perform(c);
  if (rc != CURLE_OK) {
    if (++tries < 4) {
      usleep((unsigned)(tries * 200000) + (unsigned)(rand() % 200000));
      goto retry;
    }
    return -1;
  }
  return 0;
}
