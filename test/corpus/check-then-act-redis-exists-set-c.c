// corpus: origin written
// corpus: expect retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// C with hiredis: EXISTS then SET of the dedup key.
#include <stddef.h>

typedef struct redisContext redisContext;
typedef struct redisReply {
  int type;
  long long integer;
  char *str;
} redisReply;
void *redisCommand(redisContext *c, const char *format, ...);
void freeReplyObject(void *reply);

int post_to_ledger(const char *entry);

int handle_entry(redisContext *rc, const char *dedup_key, const char *entry) {
  redisReply *r = (redisReply *)redisCommand(rc, "EXISTS dedup:%s", dedup_key);
  long long exists = r ? r->integer : 0;
  freeReplyObject(r);
  if (exists)
    return 0;
  if (post_to_ledger(entry) != 0)
    return -1;
  freeReplyObject(redisCommand(rc, "SET dedup:%s 1", dedup_key));
  return 1;
}
