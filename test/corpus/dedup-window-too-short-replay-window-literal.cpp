// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// A replay window given as a chrono literal (45 s) for the signed-request
// nonces that de-duplicate transfers; the transfer client retries the same
// nonce for up to 5 x 30 s.
#include <chrono>
#include <hiredis/hiredis.h>
#include <random>
#include <string>
#include <thread>

using namespace std::chrono_literals;

constexpr auto replay_window = 45s;

extern "C" int bank_submit_transfer(const char *idempotency_key, const char *body);

bool remember_nonce(redisContext *r, const std::string &nonce) {
  auto *rep = static_cast<redisReply *>(redisCommand(
      r, "SET replay:%s 1 NX EX %lld", nonce.c_str(), (long long)replay_window.count()));
  bool fresh = rep && rep->str != nullptr;
  if (rep)
    freeReplyObject(rep);
  return fresh;
}

bool send_transfer(const std::string &transfer_id, const std::string &body) {
  const std::string nonce = "transfer-" + transfer_id; // same nonce on every attempt
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (bank_submit_transfer(nonce.c_str(), body.c_str()) == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(15000, 30000)(rng)));
  }
  return false;
}
