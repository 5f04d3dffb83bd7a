// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: fixme-fp retry-nested-layers FIXME: a bounded retry by recursion (attempts-left parameter decremented) is counted as unbounded and as a layer nested in itself
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
