// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The key is rebuilt inside the loop, but only from the order id, so every
// attempt sends the same key.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

struct Order {
  std::string order_id;
  std::string json;
};

CURLcode submit(CURL *curl, const Order &o) {
  CURLcode rc = CURLE_OK;
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string hdr = "Idempotency-Key: order-" + o.order_id;
    curl_slist *l = curl_slist_append(nullptr, hdr.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, o.json.c_str());
    rc = curl_easy_perform(curl);
    curl_slist_free_all(l);
    if (rc == CURLE_OK)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(200 * (attempt + 1) + rand() % 200));
  }
  return rc;
}
