// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The key is built from the order_id parameter and the body hash.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

std::string sha256_hex(const std::string &);

CURLcode post_fulfilment(CURL *curl, const std::string &order_id,
                         const std::string &json) {
  const std::string key = order_id + "." + sha256_hex(json).substr(0, 12);
  const std::string line = "Idempotency-Key: " + key;
  curl_slist *l = curl_slist_append(nullptr, line.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
  CURLcode rc = CURLE_OK;
  for (int i = 0; i < 3; ++i) {
    rc = curl_easy_perform(curl);
    if (rc == CURLE_OK)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << i) + rand() % 100));
  }
  curl_slist_free_all(l);
  return rc;
}
