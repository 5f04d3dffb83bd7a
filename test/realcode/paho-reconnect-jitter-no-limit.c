// corpus: origin github:eclipse/paho.mqtt.c src/MQTTAsyncUtils.c MQTTAsync_startConnectRetry
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: expect retry-missing-budget
// corpus: negative retry-missing-backoff retry-non-retryable-status
// Automatic reconnect: the interval doubles up to maxRetryInterval and is
// jittered, but nothing limits the number of reconnects.
#include <stdlib.h>
#include <unistd.h>

typedef struct {
  int minRetryInterval;
  int maxRetryInterval;
  int currentIntervalBase;
  int retrying;
  int shouldBeConnected;
} MQTTAsyncs;

int MQTTAsync_connecting(MQTTAsyncs *m); /* TCP + CONNECT/CONNACK, other TU */

static int randomJitter(int interval, int min, int max) {
  int lo = interval - interval / 2 < min ? min : interval - interval / 2;
  int hi = interval + interval / 2 > max ? max : interval + interval / 2;
  return lo + rand() % (hi - lo + 1);
}

void reconnect_loop(MQTTAsyncs *m) {
  m->currentIntervalBase = m->minRetryInterval;
  while (m->shouldBeConnected) {
    if (MQTTAsync_connecting(m) == 0)
      break;
    if (m->retrying)
      m->currentIntervalBase = m->currentIntervalBase * 2 < m->maxRetryInterval
                                   ? m->currentIntervalBase * 2
                                   : m->maxRetryInterval;
    m->retrying = 1;
    sleep((unsigned)randomJitter(m->currentIntervalBase, m->minRetryInterval,
                                 m->maxRetryInterval));
  }
}
