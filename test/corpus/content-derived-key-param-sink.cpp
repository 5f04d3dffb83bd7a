// corpus: origin written
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// The key handed to the SDK's idempotency_key parameter is card fingerprint
// plus amount.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

// Payment SDK (declared in its header).
bool ChargeCard(const std::string &card_token, long cents,
                const std::string &idempotency_key);
std::string sha256_hex(const std::string &);

bool charge(const std::string &card_fingerprint, const std::string &card_token,
            long cents) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (ChargeCard(card_token, cents,
                   sha256_hex(card_fingerprint + std::to_string(cents))))
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((200 << attempt) + rand() % 200));
  }
  return false;
}
