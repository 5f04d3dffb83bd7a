// corpus: origin written
// corpus: expect retry-missing-budget
// The attempt counter is declared inside the loop body, so it is 0 on every
// pass and the cap test never trips.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <thread>

bool claim_slot(redisContext *c, const char *slot) {
  std::minstd_rand rng(std::random_device{}());
  for (;;) {
    int attempts = 0;
    auto *r = static_cast<redisReply *>(redisCommand(c, "SET slots:%s owner NX", slot));
    if (r) {
      bool won = r->str != nullptr;
      freeReplyObject(r);
      return won;
    }
    if (++attempts >= 5)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(20, 400)(rng)));
  }
}
