// corpus: origin github:eclipse/paho.mqtt.c src/MQTTProtocolClient.c MQTTProtocol_retries
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: negative retry-missing-budget retry-missing-backoff retry-per-attempt-idempotency-key retry-unkeyed-side-effect
// A periodic scan over the outbound message list re-sends each QoS 1/2
// PUBLISH whose ack is overdue, with the SAME message id and the DUP flag:
// the broker de-duplicates by message id. The loop iterates a list; it does
// not go back because a call failed.
#include <stddef.h>
#include <time.h>

typedef struct {
  int msgid;
  int qos;
  const char *topic;
  const void *payload;
  int payloadlen;
  time_t lastTouch;
} Messages;

typedef struct ListElement {
  struct ListElement *next;
  Messages *content;
} ListElement;

typedef struct {
  ListElement *outboundMsgs;
  int retryInterval;
  int connected;
  int good;
} Clients;

int MQTTPacket_send_publish(int msgId, const char *topic, const void *payload,
                            int len, int qos, int dup); /* socket write, other TU */

void MQTTProtocol_retries(time_t now, Clients *client) {
  for (ListElement *cur = client->outboundMsgs; cur && client->connected && client->good;
       cur = cur->next) {
    Messages *m = cur->content;
    if (difftime(now, m->lastTouch) <= (client->retryInterval > 10 ? client->retryInterval : 10))
      continue;
    if (m->qos == 1 || m->qos == 2) {
      if (MQTTPacket_send_publish(m->msgid, m->topic, m->payload, m->payloadlen,
                                  m->qos, 1) != 0) {
        client->good = 0;
        break;
      }
      m->lastTouch = now;
    }
  }
}
