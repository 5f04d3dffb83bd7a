// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// An event loop drives curl_multi until every transfer finished; it waits
// for activity, it does not re-send a failed request.
#include <curl/curl.h>
#include <string>

extern "C" {
typedef void CURLM;
CURLM *curl_multi_init(void);
CURLcode curl_multi_add_handle(CURLM *, CURL *);
CURLcode curl_multi_perform(CURLM *, int *running);
CURLcode curl_multi_poll(CURLM *, void *, unsigned, int timeout_ms, int *numfds);
}

void submit_all(CURL *const *posts, int n) {
  CURLM *m = curl_multi_init();
  for (int i = 0; i < n; ++i)
    curl_multi_add_handle(m, posts[i]);
  int running = 0;
  do {
    curl_multi_perform(m, &running);
    if (running)
      curl_multi_poll(m, nullptr, 0, 1000, nullptr);
  } while (running);
}
