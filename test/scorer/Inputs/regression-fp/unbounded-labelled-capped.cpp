// corpus: origin written
// corpus: negative retry-missing-budget
#include <curl/curl.h>

int fetch_forever(CURL *h) {
  for (;;) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  }
}
