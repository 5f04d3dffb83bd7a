// The retry-loop semantics checks over the real libcurl header (the CURLcode
// enum, CURLOPT_* values and curl_easy_getinfo are the real ones).
//
// RUN: not %retrylint --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-unkeyed-side-effect,retry-non-retryable-status,retry-missing-budget,retry-missing-backoff' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <curl/curl.h>

#include <chrono>
#include <random>
#include <thread>

static std::mt19937 rng{std::random_device{}()};

static void backoff(int attempt) {
  std::uniform_int_distribution<int> d(0, 100 << attempt);
  std::this_thread::sleep_for(std::chrono::milliseconds(d(rng)));
}

bool post_charge_bad(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"amount\":1000}");
  for (int attempt = 0; attempt < 20; ++attempt) {
    // CHECK: :[[@LINE-1]]:25: warning: retry loop makes up to 20 attempts, more than 10{{.*}} [retry-missing-budget]
    CURLcode rc = curl_easy_perform(curl);
    // CHECK: :[[@LINE-1]]:19: warning: HTTP POST is re-sent after an ambiguous failure without an idempotency key{{.*}} [retry-unkeyed-side-effect]
    if (rc == CURLE_OK)
      return true;
    backoff(attempt);
  }
  return false;
}

bool status_retry_bad(CURL *curl) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (curl_easy_perform(curl) != CURLE_OK) {
      backoff(attempt);
      continue;
    }
    long code = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    if (code != 404 && code < 500)
      // CHECK: :[[@LINE-1]]:9: warning: retry path for HTTP 503 ignores the Retry-After header{{.*}} [retry-missing-backoff]
      // CHECK: :[[@LINE-2]]:9: warning: retry path is taken for HTTP 404, which will not succeed on retry{{.*}} [retry-non-retryable-status]
      return code == 200;
    backoff(attempt);
  }
  return false;
}

bool put_retried_on_refused_ok(CURL *curl) {
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{}");
  for (int attempt = 0; attempt < 3; ++attempt) {
    CURLcode rc = curl_easy_perform(curl);
    if (rc != CURLE_COULDNT_CONNECT)
      return rc == CURLE_OK;
    backoff(attempt);
  }
  return false;
}
