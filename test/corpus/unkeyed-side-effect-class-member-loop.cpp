// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A client class whose member function retries a POST; the cap and the
// wait are members.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

class WalletClient {
public:
  explicit WalletClient(const std::string &base) : http_(base) {}

  bool top_up(const std::string &wallet, long cents) {
    const std::string body = "{\"amount\":" + std::to_string(cents) + "}";
    for (int i = 0; i < kAttempts; ++i) {
      auto r = http_.Post("/wallets/" + wallet + "/top-ups", body,
                          "application/json");
      if (r && r->status != 500 && r->status != 502)
        return r->status == 201;
      pause(i);
    }
    return false;
  }

private:
  void pause(int i) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(base_ms_ * (1 << i) + rand() % base_ms_));
  }

  static constexpr int kAttempts = 3;
  int base_ms_ = 200;
  httplib::Client http_;
};
