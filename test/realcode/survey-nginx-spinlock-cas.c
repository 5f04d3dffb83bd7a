// corpus: origin github:nginx/nginx src/core/ngx_spinlock.c ngx_spinlock
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-nested-layers
// A spin lock: compare-and-swap on a compiler builtin, spinning and then
// yielding. The survey reported it as an unbounded retry with no wait; the
// CAS is a builtin, which stays in the process.
#include <sched.h>

typedef volatile unsigned long atomic_t;

#define atomic_cmp_set(lock, old, set) __sync_bool_compare_and_swap(lock, old, set)

void spinlock(atomic_t *lock, unsigned long value, unsigned long spin) {
  for (;;) {
    if (*lock == 0 && atomic_cmp_set(lock, 0, value))
      return;
    for (unsigned long n = 1; n < spin; n <<= 1) {
      for (unsigned long i = 0; i < n; i++)
        __asm__ volatile("" ::: "memory");
      if (*lock == 0 && atomic_cmp_set(lock, 0, value))
        return;
    }
    sched_yield();
  }
}
