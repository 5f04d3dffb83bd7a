// corpus: origin github:userver-framework/userver core/src/clients/http/request_state.cpp RequestState::ShouldRetryResponse
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-non-retryable-status retry-missing-budget retry-unkeyed-side-effect
// Every status >= 500 is retried (503 included) with a jittered exponential
// wait, but Retry-After is never read. The request is a GET.
#include <curl/curl.h>
#include <chrono>
#include <random>
#include <thread>

constexpr long kLeastBadHttpCodeForEB = 500;
constexpr int kEBMaxPower = 5;
constexpr std::chrono::milliseconds kEBBaseTime{25};

static bool ShouldRetryResponse(CURL *easy) {
  long status_code = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status_code);
  return status_code >= kLeastBadHttpCodeForEB;
}

CURLcode fetch_with_retries(CURL *easy, const char *url, int retries) {
  std::minstd_rand rng(std::random_device{}());
  curl_easy_setopt(easy, CURLOPT_URL, url);
  CURLcode err = CURLE_OK;
  for (int current = 1;; ++current) {
    err = curl_easy_perform(easy);
    if ((err == CURLE_OK && !ShouldRetryResponse(easy)) || current >= retries)
      return err;
    const int eb_power = current - 1 < kEBMaxPower ? current - 1 : kEBMaxPower;
    std::uniform_int_distribution<int> slots(0, (1 << eb_power) - 1);
    std::this_thread::sleep_for(kEBBaseTime * (slots(rng) + 1));
  }
}
