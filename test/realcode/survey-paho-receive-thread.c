// corpus: origin github:eclipse/paho.mqtt.c src/MQTTClient.c MQTTClient_run
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// The client's receive thread: `while (!tostop)` runs one cycle (wait for a
// readable socket among the registered ones, read one packet) until the
// application stops it. The cycle scans the fd set; nothing is re-sent
// because a call failed. Over the whole paho tree, --cross-tu called the fd
// scan "retries (unbounded)" and the receive loop a "retry loop
// (unbounded)"; this one-file reduction does not reproduce that yet.
#include <poll.h>
#include <stddef.h>

static volatile int tostop;
static struct pollfd *fds;
static int nfds, cur_fd = -1;

void handle_packet(int sock); /* in another file */

static int is_ready(int i) { return (fds[i].revents & POLLIN) != 0; }

static int get_ready_socket(int timeout_ms) {
  while (cur_fd != -1) {
    if (is_ready(cur_fd))
      break;
    cur_fd = (cur_fd == nfds - 1) ? -1 : cur_fd + 1;
  }
  if (cur_fd == -1) {
    if (poll(fds, (nfds_t)nfds, timeout_ms) <= 0)
      return -1;
    cur_fd = 0;
    return get_ready_socket(0);
  }
  return fds[cur_fd].fd;
}

void *client_run(void *arg) {
  (void)arg;
  while (!tostop) {
    int sock = get_ready_socket(1000);
    if (sock < 0)
      continue;
    handle_packet(sock);
  }
  return NULL;
}
