// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// curl with CURLOPT_CUSTOMREQUEST "PATCH" and a body: a side effect, re-sent
// on every transport error.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

CURLcode increment_counter(CURL *curl, const std::string &url) {
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PATCH");
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"op\":\"increment\",\"by\":1}");
  CURLcode rc = CURLE_OK;
  for (int attempt = 0; attempt < 3; ++attempt) {
    rc = curl_easy_perform(curl);
    if (rc == CURLE_OK)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return rc;
}
