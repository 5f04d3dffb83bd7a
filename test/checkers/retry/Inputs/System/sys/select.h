// Fake <sys/select.h>: glibc's fd_set macros, FD_ZERO with a loop of its
// own inside.
#pragma once
#pragma clang system_header
struct timeval {
  long tv_sec;
  long tv_usec;
};
typedef struct {
  long fds_bits[16];
} fd_set;
#define FD_ZERO(s)                                                             \
  do {                                                                         \
    unsigned int __i;                                                          \
    fd_set *__arr = (s);                                                       \
    for (__i = 0; __i < sizeof(fd_set) / sizeof(long); ++__i)                  \
      __arr->fds_bits[__i] = 0;                                                \
  } while (0)
#define FD_SET(d, s) ((void)((s)->fds_bits[(d) / 64] |= (1L << ((d) % 64))))
#define FD_ISSET(d, s) (((s)->fds_bits[(d) / 64] & (1L << ((d) % 64))) != 0)
int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv);
