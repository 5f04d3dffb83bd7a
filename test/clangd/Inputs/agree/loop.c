// A C client whose retry loops wait through header helpers.
#include <curl/curl.h>
#include "wait.h"

int fetch_fixed_step(CURL *h) {
  for (int i = 0; i < 5; ++i) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
    fixed_step_wait(i);
  }
  return -1;
}

int fetch_jittered(CURL *h) {
  for (int i = 0; i < 5; ++i) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
    jittered_wait(i);
  }
  return -1;
}

int fetch_no_wait(CURL *h) {
  for (int i = 0; i < 5; ++i) {
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
    note_failure();
  }
  return -1;
}
