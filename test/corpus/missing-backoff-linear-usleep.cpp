// corpus: origin written
// corpus: expect retry-missing-backoff
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
