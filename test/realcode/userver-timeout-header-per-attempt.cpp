// corpus: origin github:userver-framework/userver core/src/clients/http/request_state.cpp RequestState::UpdateTimeoutHeader
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-per-attempt-idempotency-key retry-unkeyed-side-effect retry-non-retryable-status retry-missing-budget
// Each attempt recomputes the remaining deadline and sends it in a timeout
// header, a clock-derived value that differs per attempt but is not a key.
// The POST carries an Idempotency-Key the caller minted once per intent.
// Statuses >= 500 (503 included) are retried without reading Retry-After.
#include <curl/curl.h>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>

CURLcode post_with_deadline(CURL *easy, const char *url, const char *json,
                            const std::string &idempotency_key,
                            std::chrono::steady_clock::time_point deadline) {
  std::minstd_rand rng(std::random_device{}());
  curl_easy_setopt(easy, CURLOPT_URL, url);
  curl_easy_setopt(easy, CURLOPT_POSTFIELDS, json);
  const std::string key_header = "Idempotency-Key: " + idempotency_key;
  CURLcode err = CURLE_OK;
  for (int current = 1; current <= 3; ++current) {
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (remaining.count() <= 0)
      break;
    char timeout_header[64];
    std::snprintf(timeout_header, sizeof timeout_header, "X-YaTaxi-Client-TimeoutMs: %lld",
                  static_cast<long long>(remaining.count()));
    curl_slist *headers = curl_slist_append(nullptr, key_header.c_str());
    headers = curl_slist_append(headers, timeout_header);
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(remaining.count()));
    err = curl_easy_perform(easy);
    curl_slist_free_all(headers);
    long status = 0;
    if (err == CURLE_OK)
      curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    if (err == CURLE_OK && status < 500)
      return err;
    std::uniform_int_distribution<int> slots(0, (1 << current) - 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(25) * (slots(rng) + 1));
  }
  return err;
}
