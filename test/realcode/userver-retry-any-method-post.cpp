// corpus: origin github:userver-framework/userver core/src/clients/http/request_state.cpp RequestState::on_retry
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: negative retry-missing-budget
// The retry decision ignores the method: a POST that timed out or got a 502
// is sent again with no idempotency key; 503 is retried without reading
// Retry-After.
#include <curl/curl.h>
#include <chrono>
#include <random>
#include <thread>

CURLcode post_event(CURL *easy, const char *url, const char *json, int retries) {
  std::minstd_rand rng(std::random_device{}());
  curl_easy_setopt(easy, CURLOPT_URL, url);
  curl_easy_setopt(easy, CURLOPT_POSTFIELDS, json);
  CURLcode err = CURLE_OK;
  for (int current = 1;; ++current) {
    err = curl_easy_perform(easy);
    long status = 0;
    if (err == CURLE_OK)
      curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    const bool not_need_retry = (err == CURLE_OK && status < 500) || current >= retries;
    if (not_need_retry)
      return err;
    std::uniform_int_distribution<int> slots(0, (1 << (current < 5 ? current : 5)) - 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(25) * (slots(rng) + 1));
  }
}
