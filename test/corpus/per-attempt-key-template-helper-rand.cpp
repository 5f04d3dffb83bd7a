// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// A policy-style retry helper in a class template; the retried callable
// formats rand() into the key.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

template <int MaxAttempts> struct Retrier {
  template <class F> CURLcode run(F &&f) {
    CURLcode rc = CURLE_OK;
    for (int i = 0; i < MaxAttempts; ++i) {
      rc = f();
      if (rc == CURLE_OK)
        return rc;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << i) + rand() % 100));
    }
    return rc;
  }
};

CURLcode record_sale(CURL *curl, const std::string &json) {
  Retrier<3> retrier;
  return retrier.run([&] {
    std::string line = "Idempotency-Key: " + std::to_string(rand());
    curl_slist *l = curl_slist_append(nullptr, line.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
    CURLcode rc = curl_easy_perform(curl);
    curl_slist_free_all(l);
    return rc;
  });
}
