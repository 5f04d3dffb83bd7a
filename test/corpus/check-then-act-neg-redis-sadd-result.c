// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// C with hiredis: SADD returns 1 only for the first request with the key;
// that reply is the claim.
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

int handle_entry(redisContext *rc, const char *dedup_id, const char *entry) {
  redisReply *r = (redisReply *)redisCommand(rc, "SADD dedup_ids %s", dedup_id);
  long long added = r ? r->integer : 0;
  freeReplyObject(r);
  if (!added)
    return 0;
  return post_to_ledger(entry) == 0 ? 1 : -1;
}
