// corpus: origin written
// corpus: negative retry-non-retryable-status retry-missing-backoff
// libcurl from C++: only transport errors, 429 and 5xx go round again, with
// Retry-After honoured through CURLINFO_RETRY_AFTER.
#include <chrono>
#include <curl/curl.h>
#include <random>
#include <thread>

long upload_dsym(CURL *h, const char *url) {
  std::minstd_rand rng(std::random_device{}());
  long code = 0;
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "PUT");
  for (int attempt = 0; attempt < 4; ++attempt) {
    code = 0;
    if (curl_easy_perform(h) == CURLE_OK) {
      curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
      if (code != 429 && (code < 500 || code > 599))
        return code;
    }
    long ra = 0;
    curl_easy_getinfo(h, CURLINFO_RETRY_AFTER, &ra);
    long ms = std::uniform_int_distribution<long>(0, 500L << attempt)(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(ra * 1000 > ms ? ra * 1000 : ms));
  }
  return code;
}
