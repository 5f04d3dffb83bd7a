// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// C: an OData-style MERGE verb with a body. Only the listed verbs are
// idempotent; MERGE with POSTFIELDS is a side effect, re-sent on timeout.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

int merge_entity(CURL *c, const char *url, const char *json) {
  int attempt;
  curl_easy_setopt(c, CURLOPT_URL, url);
  curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "MERGE");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (attempt = 0; attempt < 3; attempt++) {
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK)
      return 0;
    if (rc != CURLE_OPERATION_TIMEDOUT)
      return -1;
    usleep((unsigned)(150000 << attempt) + (unsigned)(rand() % 150000));
  }
  return -1;
}
