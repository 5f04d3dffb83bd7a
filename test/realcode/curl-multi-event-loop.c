// corpus: origin github:curl/curl lib/easy.c easy_transfer
// corpus: real-headers
// corpus: negative retry-missing-backoff retry-missing-budget
// retry-non-retryable-status retry-nested-layers An event loop: it polls and
// drives the transfers while both calls succeed, and stops on the first multi
// error or when the transfer is done. It goes round after every success; a
// failure ends it. No retry.
#include <curl/curl.h>

CURLcode run_transfer(CURLM *multi) {
  int done = 0;
  CURLMcode mresult = CURLM_OK;
  CURLcode result = CURLE_OK;

  while (!done && !mresult) {
    int still_running = 0;
    mresult = curl_multi_poll(multi, NULL, 0, 1000, NULL);
    if (!mresult)
      mresult = curl_multi_perform(multi, &still_running);
    if (!mresult && !still_running) {
      int rc;
      CURLMsg *msg = curl_multi_info_read(multi, &rc);
      if (msg) {
        result = msg->data.result;
        done = 1;
      }
    }
  }
  if (mresult)
    return CURLE_RECV_ERROR;
  return result;
}
