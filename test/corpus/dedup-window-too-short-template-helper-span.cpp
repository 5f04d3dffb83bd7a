// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// The retry lives in a template helper (5 attempts, waits up to 40 s in its
// body); the de-dup window for the keys it re-sends is 1 minute.
#include <chrono>
#include <random>
#include <string>
#include <thread>

constexpr auto kDedupWindow = std::chrono::minutes(1);

template <class Op> bool retry_jittered(Op op) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (op())
      return true;
    long cap = 10000L << attempt;
    long hi = cap < 40000 ? cap : 40000;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(hi / 2, hi)(rng)));
  }
  return false;
}

extern "C" int sms_send(const char *to, const char *text, const char *dedup_id);

bool send_otp(const std::string &otp_request_id, const std::string &phone,
              const std::string &text) {
  return retry_jittered(
      [&] { return sms_send(phone.c_str(), text.c_str(), otp_request_id.c_str()) == 0; });
}
