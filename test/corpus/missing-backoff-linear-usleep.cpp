// corpus: origin written
// corpus: fixme-fn retry-missing-backoff FIXME: a null hiredis reply (redisCommand(...) tested with if (!r) / if (r)) is not seen as a failed operation, so a loop around redisCommand is not a retry site
// A linear wait (100 ms x attempt) with no randomness.
#include <hiredis/hiredis.h>
#include <unistd.h>

bool ack_message(redisContext *c, const char *stream, const char *group, const char *id) {
  for (unsigned attempt = 1; attempt <= 4; ++attempt) {
    void *r = redisCommand(c, "XACK %s %s %s", stream, group, id);
    if (r) {
      freeReplyObject(r);
      return true;
    }
    usleep(100000 * attempt);
  }
  return false;
}
