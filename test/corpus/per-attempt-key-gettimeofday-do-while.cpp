// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// do/while retry of a curl POST; the key is microseconds since the epoch.
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <unistd.h>

struct timeval {
  long tv_sec;
  long tv_usec;
};
extern "C" int gettimeofday(struct timeval *tv, void *tz);

CURLcode post_subscription(CURL *curl, const std::string &body) {
  CURLcode rc;
  int tries = 0;
  do {
    timeval tv;
    gettimeofday(&tv, nullptr);
    long micros = tv.tv_sec * 1000000L + tv.tv_usec;
    std::string line = "Idempotency-Key: sub-" + std::to_string(micros);
    curl_slist *hdr = curl_slist_append(nullptr, line.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdr);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
    rc = curl_easy_perform(curl);
    curl_slist_free_all(hdr);
    if (rc != CURLE_OK)
      usleep(200000 * (tries + 1) + rand() % 100000);
  } while (rc != CURLE_OK && ++tries < 3);
  return rc;
}
