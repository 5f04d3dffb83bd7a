// corpus: origin written
// corpus: fixme-fn retry-missing-budget FIXME: a capped loop stands in for a real miss
#include <curl/curl.h>

int fetch_three_times(CURL *h) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  }
  return -1;
}
