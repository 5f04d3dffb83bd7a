// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// An outbox relay: the key hashes the message id with the payload.
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <string>
#include <thread>

std::string sha1_hex(const std::string &);

struct OutboxMessage {
  std::string message_id;
  std::string payload;
};

CURLcode relay(CURL *curl, const OutboxMessage &m) {
  const std::string line =
      "Idempotency-Key: " + sha1_hex(m.message_id + ":" + m.payload);
  curl_slist *l = curl_slist_append(nullptr, line.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, m.payload.c_str());
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
