// Fake <sys/socket.h>: datagram sends that leave the host.
#pragma once
#pragma clang system_header
struct sockaddr {
  unsigned short sa_family;
  char sa_data[14];
};
typedef unsigned int socklen_t;
long sendto(int fd, const void *buf, unsigned long n, int flags,
            const struct sockaddr *to, socklen_t len);
long recvfrom(int fd, void *buf, unsigned long n, int flags,
              struct sockaddr *from, socklen_t *len);
