// corpus: origin written
// corpus: fixme-fp retry-missing-budget FIXME: stands in for a wrong finding the model fixed
#include <curl/curl.h>

int fetch_three_times(CURL *h) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  }
  return -1;
}
