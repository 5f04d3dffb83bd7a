// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The body is canonicalized and hashed: equal JSON documents share a key
// whatever their field order.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

std::string canonicalize_json(const std::string &);
std::string sha256_hex(const std::string &);

CURLcode post_booking(CURL *curl, const std::string &json) {
  const std::string canonical = canonicalize_json(json);
  const std::string digest = sha256_hex(canonical);
  const std::string line = "X-Idempotency-Key: " + digest;
  curl_slist *hdrs = curl_slist_append(nullptr, line.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdrs);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
  CURLcode rc = CURLE_OK;
  for (int i = 0; i < 3; ++i) {
    rc = curl_easy_perform(curl);
    if (rc == CURLE_OK)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  curl_slist_free_all(hdrs);
  return rc;
}
