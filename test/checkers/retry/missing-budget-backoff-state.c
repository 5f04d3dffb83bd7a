// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t -- -- -I %S/Inputs/Headers
//
// What a loop changes in the state it hands to the call makes each round a
// different call (the next host, the next offset), except the retry's own
// bookkeeping: the interval it waits, and a flag it sets to the same
// constant every round. A C client often keeps the connection and its
// backoff in one struct, and the call is handed the whole struct.

#include <unistd.h>

typedef struct {
  int min_interval, max_interval, interval;
  int retrying;
  int should_connect;
  int host_index;
} Client;

int client_connect(Client *c); /* 0 on success; in another file */

/* In the style of paho.mqtt.c src/MQTTAsyncUtils.c,
   MQTTAsync_startConnectRetry: the interval doubles up to a maximum, and
   nothing limits the reconnects. */
void reconnect_doubling_bad(Client *c) {
  c->interval = c->min_interval;
  while (c->should_connect) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline: during an outage it re-sends the request until the process is stopped [retry-missing-budget]
    if (client_connect(c) == 0)
      break;
    if (c->retrying)
      c->interval = c->interval * 2 < c->max_interval ? c->interval * 2
                                                      : c->max_interval;
    c->retrying = 1;
    sleep((unsigned)c->interval);
  }
}

/* A flag set to one constant: from the second round on it no longer
   changes. */
void reconnect_flagged_bad(Client *c) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (client_connect(c) == 0)
      return;
    c->retrying = 1;
    sleep(1);
  }
}

/* The interval is read through a local the wait is given. */
void reconnect_local_delay_bad(Client *c) {
  while (c->should_connect) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    if (client_connect(c) == 0)
      break;
    unsigned delay = (unsigned)c->interval;
    c->interval *= 2;
    sleep(delay);
  }
}

/* The next host each round: each call goes elsewhere (failover), and the
   wait does not change that. */
void connect_next_host_ok(Client *c) {
  while (c->should_connect) {
    if (client_connect(c) == 0)
      break;
    c->host_index++;
    sleep((unsigned)c->interval);
  }
}

/* A flag toggled between two values is state the call may act on. */
void reconnect_toggled_ok(Client *c) {
  while (c->should_connect) {
    if (client_connect(c) == 0)
      break;
    c->retrying = c->retrying ? 0 : 1;
    sleep(1);
  }
}

/* Stored constants that differ (a phase the next call acts on). */
void reconnect_phases_ok(Client *c) {
  while (c->should_connect) {
    if (client_connect(c) == 0)
      break;
    if (c->interval > 8)
      c->host_index = 1;
    else
      c->host_index = 0;
    sleep(1);
  }
}

/* A cap: the bookkeeping does not hide it. */
void reconnect_capped_ok(Client *c) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (client_connect(c) == 0)
      return;
    c->interval *= 2;
    sleep((unsigned)c->interval);
  }
}
