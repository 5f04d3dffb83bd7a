// corpus: origin github:eclipse/paho.mqtt.c src/MQTTProtocolClient.c MQTTProtocol_retries
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-budget
// Reduced anew: an unacknowledged publish is re-sent with the same message
// id and the DUP flag; the receiver de-duplicates by that id. The id is
// assigned once when the message is queued, not per resend. The resend
// here is a POST to an HTTP bridge carrying the id as the idempotency key.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

struct pending_msg {
  int msgid;
  int retries;
  const char *payload;
};

int resend_pending(CURL *c, struct pending_msg *m) {
  char hdr[64];
  int rc = -1;
  while (m->retries < 3) {
    struct curl_slist *l;
    CURLcode res;
    snprintf(hdr, sizeof hdr, "Idempotency-Key: msg-%d", m->msgid);
    l = curl_slist_append(NULL, hdr);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, m->payload);
    res = curl_easy_perform(c);
    curl_slist_free_all(l);
    if (res == CURLE_OK) {
      rc = 0;
      break;
    }
    m->retries++;
    usleep((unsigned)(200000 << m->retries) + (unsigned)(rand() % 200000));
  }
  return rc;
}
