// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: expect retry-content-derived-idempotency-key
// A delivery booking keyed by the shipping address and postcode.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

struct Delivery {
  std::string street;
  std::string postcode;
  std::string window;
};

std::string md5_hex(const std::string &s);

CURLcode book_delivery(CURL *curl, const Delivery &d, const std::string &json) {
  const std::string hdr =
      "Idempotency-Key: " + md5_hex(d.street + "," + d.postcode + "," + d.window);
  curl_slist *l = curl_slist_append(nullptr, hdr.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
  CURLcode rc = CURLE_OK;
  for (int attempt = 0; attempt < 3; ++attempt) {
    rc = curl_easy_perform(curl);
    if (rc == CURLE_OK)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  curl_slist_free_all(l);
  return rc;
}
