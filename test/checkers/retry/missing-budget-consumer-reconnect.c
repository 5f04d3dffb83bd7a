// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t
//
// Each way back on its own (docs/rules.md): a consumer goes round after each
// message, but a way back taken after its connect or receive failed, with a
// pause of its own (`if (status != 0) { sleep(1); continue; }`), retries:
// its cap and wait are read on that path. The outcome travels in a status
// variable the next call stores in too: the value stored last before the
// test is the one it reads. A consumer that only goes round after success,
// or that pauses on no failure, is no retry.

#define NULL ((void *)0)
typedef struct mosq mosq_t;
typedef struct {
  mosq_t *mosq;
  int connected;
  int loop;
} conf_t;
struct timespec {
  long tv_sec;
  long tv_nsec;
};
typedef struct {
  int type;
} frame_t;

mosq_t *mosquitto_new(const char *id);              // another file
int mosquitto_connect(mosq_t *m, const char *host); // another file
int mosquitto_loop(mosq_t *m, int timeout, int max_packets);
void mosquitto_destroy(mosq_t *m);
int broker_connect(conf_t *conf);                    // another file
int wait_frame(conf_t *conf, frame_t *frame);        // another file
void close_connection(conf_t *conf);
void handle(frame_t *frame);
unsigned sleep(unsigned seconds);
int nanosleep(const struct timespec *req, struct timespec *rem);
extern volatile int running;

static int mqtt_connect(conf_t *conf) {
  if (conf->mosq == NULL)
    conf->mosq = mosquitto_new("collectd");
  if (mosquitto_connect(conf->mosq, "broker") != 0)
    return -1;
  conf->connected = 1;
  return 0;
}

/* collectd's MQTT subscriber, reduced. */
void subscribe_mqtt_bad(conf_t *conf) {
  int status;
  conf->loop = 1;
  while (conf->loop) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    status = mqtt_connect(conf);
    if (status != 0) {
      sleep(1);
      // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      continue;
    }
    status = mosquitto_loop(conf->mosq, 1000, 100);
    if (status == 7) {
      conf->connected = 0;
      continue;
    } else if (status != 0) {
      mosquitto_destroy(conf->mosq);
      conf->mosq = NULL;
      conf->connected = 0;
      continue;
    }
  }
}

/* collectd's AMQP subscriber, reduced: both failures pause.
   FIXME: the missing cap is a false negative (budget _FN): the test of the
   frame wait_frame fills (`frame.type != 1`) is read as a policy deciding
   the loop's end, because a cap is read for the loop, not per way back. */
void subscribe_amqp_bad(conf_t *conf, long interval) {
  int status;
  while (running) {
    frame_t frame;
    status = broker_connect(conf);
    if (status != 0) {
      nanosleep(&(struct timespec){interval, 0}, NULL);
      // CHECK-MESSAGES-BACKOFF: :[[@LINE-1]]:7: warning: wait between attempts is constant and has no jitter
      continue;
    }
    status = wait_frame(conf, &frame);
    if (status < 0) {
      close_connection(conf);
      nanosleep(&(struct timespec){interval, 0}, NULL);
      continue;
    }
    if (frame.type != 1)
      continue;
    handle(&frame);
  }
}

/* A consumer that reconnects with no pause at all, and no retry word: its
   failure way back shows no intent to retry (work). */
void consume_ok(conf_t *conf) {
  while (running) {
    frame_t frame;
    if (broker_connect(conf) != 0)
      continue;
    if (wait_frame(conf, &frame) < 0)
      continue;
    handle(&frame);
  }
}

/* A consumer that pauses after each message, on no failure: a poll. */
void consume_paced_ok(conf_t *conf) {
  while (running) {
    frame_t frame;
    if (wait_frame(conf, &frame) == 0) {
      handle(&frame);
      sleep(1);
      continue;
    }
    close_connection(conf);
    return;
  }
}

struct entry {
  const char *key;
  struct entry *next;
};
extern struct entry *queue_head;
int cache_get(const char *key, void **out); // another file
void write_values(void *values);            // another file

/* collectd's rrd_queue_thread, reduced: each round takes the next entry,
   stored in a local of the round; a failed look-up moves on to the next
   one. */
void drain_queue_ok(void) {
  while (42) {
    struct entry *e;
    void *values;
    int status;
    if (queue_head == NULL)
      break;
    e = queue_head;
    queue_head = queue_head->next;
    /* Unlock the queue again. */
    status = cache_get(e->key, &values);
    if (status != 0)
      continue;
    write_values(values);
  }
}

struct queue;
struct event_data {
  int proxy_id;
};
struct event {
  struct event_data *data;
};
extern struct queue server_events;
struct event *queue_pop(struct queue *q); // another file
void *proxy_find_by_id(int id);           // another file
void update_proxy(void *px);

/* haproxy's server_atomic_sync, reduced: a batch of queued events, at most
   `remain` of them; an event whose proxy is gone is skipped. The event
   popped each round is the next item, not the same connection made again,
   so the look-up reads another event each round. */
void drain_events_ok(void) {
  unsigned remain = 100;
  struct event *event;
  do {
    event = queue_pop(&server_events);
    if (!event)
      break;
    struct event_data *data = event->data;
    void *px = proxy_find_by_id(data->proxy_id);
    if (!px)
      continue;
    update_proxy(px);
  } while (--remain);
}
