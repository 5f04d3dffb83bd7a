// corpus: origin written
// corpus: expect retry-missing-budget
// C: while (curl_easy_perform(h) != CURLE_OK) with a random wait: no cap,
// no deadline.
#include <curl/curl.h>
#include <stdio.h>

int usleep(unsigned usec);

int fetch_ca_bundle(CURL *h, const char *url) {
  long step = 100000;
  curl_easy_setopt(h, CURLOPT_URL, url);
  while (curl_easy_perform(h) != CURLE_OK) {
    usleep((unsigned)(step + rand() % step));
    if (step < 5000000)
      step *= 2;
  }
  return 0;
}
