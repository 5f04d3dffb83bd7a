// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// PEXPIRE 5000 on the de-dup marker of an invoice e-mail; the mailer retry
// that relies on it waits up to 4 s between 5 attempts with a 3 s timeout.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

extern "C" int mail_send(const char *to, const char *body, const char *dedup_id, int timeout_ms);

bool email_invoice(redisContext *r, const std::string &invoice_id, const std::string &to,
                   const std::string &body) {
  auto *c = static_cast<redisReply *>(redisCommand(r, "SETNX dedup:mail:%s 1", invoice_id.c_str()));
  bool first = c && c->integer == 1;
  if (c)
    freeReplyObject(c);
  if (!first)
    return true;
  freeReplyObject(redisCommand(r, "PEXPIRE dedup:mail:%s 5000", invoice_id.c_str()));
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (mail_send(to.c_str(), body.c_str(), invoice_id.c_str(), 3000) == 0)
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(2000, 4000)(rng)));
  }
  return false;
}
