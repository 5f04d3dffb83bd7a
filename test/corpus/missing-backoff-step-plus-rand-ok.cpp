// corpus: origin written
// corpus: negative retry-missing-backoff
// Jitter added to a computed step: step + rand() % step.
#include <chrono>
#include <cstdio>
#include <hiredis/hiredis.h>
#include <thread>

bool push_job(redisContext *c, const char *queue, const char *job_id) {
  long step = 50;
  for (int attempt = 0; attempt < 5; ++attempt) {
    void *r = redisCommand(c, "LPUSH %s %s", queue, job_id);
    if (r) {
      freeReplyObject(r);
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(step + rand() % step));
    step *= 2;
  }
  return false;
}
