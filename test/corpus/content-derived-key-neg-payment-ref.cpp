// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The key is a payment's reference field (its business identity) with the
// amount: ref names the intent.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

struct Payment {
  std::string ref;
  long cents;
  std::string json;
};

CURLcode send(CURL *curl, const Payment &p) {
  const std::string line =
      "Idempotency-Key: " + p.ref + ":" + std::to_string(p.cents);
  curl_slist *l = curl_slist_append(nullptr, line.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, p.json.c_str());
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
