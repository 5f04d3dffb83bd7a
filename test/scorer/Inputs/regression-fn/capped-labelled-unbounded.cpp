// corpus: origin written
// corpus: expect retry-missing-budget
#include <curl/curl.h>

int fetch_three_times(CURL *h) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  }
  return -1;
}
