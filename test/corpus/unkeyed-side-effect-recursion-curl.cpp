// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-nested-layers
// Recursive retry of a curl POST after a transport error.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

CURLcode post_event(CURL *curl, const std::string &json, int tries_left) {
  curl_easy_setopt(curl, CURLOPT_URL, "https://events.example/v1/events");
  curl_easy_setopt(curl, CURLOPT_POST, 1L);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
  CURLcode rc = curl_easy_perform(curl);
  if (rc == CURLE_OK || tries_left <= 1)
    return rc;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(1000 / tries_left + rand() % 300));
  return post_event(curl, json, tries_left - 1);
}
