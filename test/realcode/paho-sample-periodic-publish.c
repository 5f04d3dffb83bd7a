// corpus: origin github:eclipse/paho.mqtt.c src/samples/MQTTAsync_publish_time.c main
// corpus: real-headers
// corpus: flags -D_DEFAULT_SOURCE
// corpus: negative retry-unkeyed-side-effect retry-missing-budget retry-missing-backoff retry-per-attempt-idempotency-key
// A sample publisher: it polls a flag until the connect callback sets it,
// then sends the current time every 10 ms until told to stop. Neither loop
// goes back because a call failed: a failed send ends the program.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define MQTTASYNC_SUCCESS 0
typedef void *MQTTAsync;
typedef struct {
  const void *payload;
  int payloadlen;
  int qos;
  int retained;
} MQTTAsync_message;

int MQTTAsync_sendMessage(MQTTAsync handle, const char *topic,
                          const MQTTAsync_message *msg, void *opts); /* queues a PUBLISH */

volatile int finished = 0;
volatile int connected = 0;

static int64_t getTime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void publish_time(MQTTAsync client) {
  while (!connected)
    usleep(100000L);
  while (!finished) {
    char buf[256];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)getTime());
    MQTTAsync_message pubmsg = {buf, n, 1, 0};
    int rc = MQTTAsync_sendMessage(client, "data/time", &pubmsg, NULL);
    if (rc != MQTTASYNC_SUCCESS) {
      printf("Failed to start sendMessage, return code %d\n", rc);
      exit(EXIT_FAILURE);
    }
    usleep(10 * 1000);
  }
}
