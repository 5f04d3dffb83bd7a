// RUN: %check_retrylint %s retry-dedup-window-too-short %t -- -- -I %S/Inputs/Headers
//
// The file's retry site bounds how long a client keeps re-sending: 3
// attempts x (a jittered wait of at most 60 s + a 30 s per-attempt timeout)
// = 270 s. A window that covers that span is enough for this file; a
// shorter one is not.

#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

int forward_payout(const char *payout_id, const char *json, int timeout_ms);

// Covers the span: silent.
bool claim_long_ok(redisContext *r, const std::string &id) {
  auto *c = static_cast<redisReply *>(
      redisCommand(r, "SET idem:payout:%s 1 NX EX 600", id.c_str()));
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  return first;
}

// Shorter than the span: a late retry finds no claim.
bool claim_short_bad(redisContext *r, const std::string &id) {
  auto *c = static_cast<redisReply *>(
      redisCommand(r, "SET idem:payout:%s 1 NX EX 120", id.c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: idempotency records expire after 2 min
  bool first = c && c->str != nullptr;
  if (c)
    freeReplyObject(c);
  return first;
}

bool send_payout(const std::string &id, const std::string &json) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (forward_payout(id.c_str(), json.c_str(), 30000) == 0)
      return true;
    long cap = 1000L << attempt;
    long hi = cap < 60000 ? cap : 60000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, hi)(rng)));
  }
  return false;
}
