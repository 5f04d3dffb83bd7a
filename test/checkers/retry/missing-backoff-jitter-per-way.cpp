// RUN: %check_retrylint %s retry-missing-backoff %t -- -- -I %S/Inputs/Headers
//
// Jitter is judged per way back (docs/rules.md, Backoff): a constant wait on
// one way back is a missing-jitter finding at that wait, even when another
// way back waits a jittered or unread time.

#include <curl/curl.h>
#include <unistd.h>

void wait_before_retry(); // another file: its duration is not read
long jittered_ms(long base);
void sleep_ms(long ms);

// A switch over the transport result: two ways back wait a constant time,
// the rate-limited one waits what the model cannot read.
int perform_switch_bad(CURL *c) {
  int result = 0;
  for (int retrycnt = 0; result == 0 && retrycnt < 5; ++retrycnt) {
    CURLcode rc = curl_easy_perform(c);
    switch (rc) {
    case CURLE_OK:
      return 1;
    case CURLE_OPERATION_TIMEDOUT:
      sleep(2);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      break;
    case CURLE_COULDNT_CONNECT:
      sleep(4);
      break;
    case CURLE_GOT_NOTHING:
      wait_before_retry();
      break;
    default:
      result = -1;
      break;
    }
  }
  return result;
}

// The same with an if/else: the constant wait is on its own way back.
int perform_if_bad(CURL *c, long base) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK)
      return 1;
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      sleep(1);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
    } else {
      sleep_ms(jittered_ms(base));
    }
  }
  return 0;
}

// The constant wait and the unread one are on the same way back: that way
// may be jittered.
int perform_same_way_ok(CURL *c) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (curl_easy_perform(c) == CURLE_OK)
      return 1;
    sleep(1);
    wait_before_retry();
  }
  return 0;
}
