// corpus: origin written
// corpus: expect retry-missing-backoff
// A Redis command retried at once when the reply is null.
#include <hiredis/hiredis.h>

long long next_invoice_number(redisContext *c) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto *r = static_cast<redisReply *>(redisCommand(c, "INCR invoice:seq"));
    if (!r)
      continue;
    long long n = r->integer;
    freeReplyObject(r);
    return n;
  }
  return -1;
}
