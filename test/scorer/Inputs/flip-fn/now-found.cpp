// corpus: origin written
// corpus: fixme-fn retry-missing-budget FIXME: stands in for a miss the model fixed
#include <curl/curl.h>

int fetch_forever(CURL *h) {
  for (;;) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  }
}
