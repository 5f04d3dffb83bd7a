// corpus: origin github:eclipse/paho.mqtt.c test/test6.c test6_send_and_receive
// corpus: expect retry-missing-budget
// corpus: expect retry-missing-backoff
// The publish is retried while its return code is not success, with a fixed
// one-second sleep and no attempt cap or deadline (only a stop flag set by
// a signal handler ends it): a retry site by structure with no budget and
// no jittered backoff. The original says it retries (its log line, the
// reconnect it makes on a lost connection).
#include <stddef.h>
#include <string.h>

#define MQTTASYNC_SUCCESS 0

typedef void *MQTTAsync;
int MQTTAsync_send(MQTTAsync handle, const char *topic, int len,
                   const void *payload, int qos, int retained, void *opts);
void MySleep(long ms);
void MyLog(int level, const char *fmt, ...);
void recreateReconnect(void);

static volatile int stopping;
static volatile int connection_lost;

int publish_one(MQTTAsync client, const char *topic, const char *payload) {
  int rc = MQTTAsync_send(client, topic, (int)(strlen(payload) + 1), payload,
                          1, 0, NULL);
  while (rc != MQTTASYNC_SUCCESS) {
    MyLog(1, "Rc %d from publish, retrying", rc);
    if (connection_lost)
      recreateReconnect();
    if (stopping)
      return rc;
    MySleep(1000);
    rc = MQTTAsync_send(client, topic, (int)(strlen(payload) + 1), payload, 1,
                        0, NULL);
  }
  return rc;
}
