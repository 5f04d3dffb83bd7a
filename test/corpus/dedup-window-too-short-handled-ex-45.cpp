// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The "handled" marker for a payout command lives 45 s; the executor that
// relies on it retries the bank call 4 times with waits of 20-30 s.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int bank_payout(const char *account, long cents, const char *idempotency_key);

bool execute_payout(redisContext *r, const std::string &command_id, const std::string &account,
                    long cents) {
  auto *m = static_cast<redisReply *>(
      redisCommand(r, "SET handled:%s 1 NX EX 45", command_id.c_str()));
  bool first = m && m->str != nullptr;
  if (m)
    freeReplyObject(m);
  if (!first)
    return true;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (bank_payout(account.c_str(), cents, command_id.c_str()) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(20000, 30000)(rng)));
  }
  return false;
}
