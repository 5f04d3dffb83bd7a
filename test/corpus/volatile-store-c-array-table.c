// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: fixme-fn retry-volatile-idempotency-store FIXME: a C store (a static array of key buffers filled with strncpy) is not an in-memory container, and the key arrives as a key-named parameter of a C handler
// C service: the keys are kept in a static array (process memory) under a
// pthread-style lock held across check and record; the payment is written
// to a file.
#include <stddef.h>
#include <stdio.h>

typedef struct { int opaque; } lock_t;
void lock_acquire(lock_t *);
void lock_release(lock_t *);
int strcmp(const char *, const char *);
char *strncpy(char *, const char *, unsigned long);
typedef struct FILE_ FILE_;
int append_line(const char *path, const char *line); /* fsyncs the file */

#define MAX_KEYS 4096
static char g_seen_keys[MAX_KEYS][64];
static int g_nkeys;
static lock_t g_lock;

/* Called by the HTTP layer with the request's Idempotency-Key header. */
int handle_payment(const char *idempotency_key, const char *payment_line) {
  int i;
  lock_acquire(&g_lock);
  for (i = 0; i < g_nkeys; i++) {
    if (strcmp(g_seen_keys[i], idempotency_key) == 0) {
      lock_release(&g_lock);
      return 200;
    }
  }
  append_line("/var/lib/pay/payments.log", payment_line);
  if (g_nkeys < MAX_KEYS)
    strncpy(g_seen_keys[g_nkeys++], idempotency_key, 63);
  lock_release(&g_lock);
  return 201;
}
