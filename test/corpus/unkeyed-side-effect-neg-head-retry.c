// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// C: a health probe that retries a plain GET (no body, no POST options).
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int wait_until_up(CURL *c, const char *url) {
  int i;
  curl_easy_setopt(c, CURLOPT_URL, url);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, 500L);
  for (i = 0; i < 5; i++) {
    if (curl_easy_perform(c) == CURLE_OK)
      return 0;
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  return -1;
}
