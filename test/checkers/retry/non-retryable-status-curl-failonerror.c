// RUN: %check_retrylint -std=c11 %s retry-non-retryable-status,retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// CURLOPT_FAILONERROR turns every HTTP status >= 400 into a curl error
// (CURLE_HTTP_RETURNED_ERROR), so a loop that retries on any curl error
// retries 4xx too, and 429/503 without reading Retry-After.

#include <curl/curl.h>

int usleep(unsigned usec);
int rand(void);

int fetch_any_error_bad(CURL *h) {
  curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
  for (int attempt = 0; attempt < 4; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path for HTTP 429 and 503 ignores the Retry-After header
      // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: retry path is taken for HTTP 400-407, 409-424, 426-428, 430-499, which will not succeed on retry
      return 0;
    usleep((unsigned)((100000 << attempt) + rand() % 100000));
  }
  return -1;
}

// Transport failures only: an HTTP error status is curl error 22, and the
// loop leaves on it.
int fetch_transport_only_ok(CURL *h) {
  curl_easy_setopt(h, CURLOPT_FAILONERROR, 1L);
  for (int attempt = 0; attempt < 4; ++attempt) {
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK || rc == CURLE_HTTP_RETURNED_ERROR)
      return rc == CURLE_OK ? 0 : -1;
    usleep((unsigned)((100000 << attempt) + rand() % 100000));
  }
  return -1;
}
