// Fake <poll.h>.
#pragma once
#pragma clang system_header
struct pollfd {
  int fd;
  short events;
  short revents;
};
#define POLLIN 0x001
int poll(struct pollfd *fds, unsigned long nfds, int timeout);
