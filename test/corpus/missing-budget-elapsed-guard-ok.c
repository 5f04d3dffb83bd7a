// corpus: origin written
// corpus: negative retry-missing-budget
// An unbounded-looking while (1) that stops after 30 s of elapsed time.
#include <stdio.h>

long time(long *);
int usleep(unsigned usec);
int lease_acquire(const char *name, int ttl_s);

int acquire_leader_lease(const char *name) {
  long start = time(0);
  long wait_us = 100000;
  while (1) {
    if (lease_acquire(name, 15) == 0)
      return 0;
    if (time(0) - start > 30)
      return -1;
    usleep((unsigned)(wait_us / 2 + rand() % (wait_us / 2)));
    if (wait_us < 4000000)
      wait_us *= 2;
  }
}
