// corpus: origin written
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A client that numbers every request it sends (request_seq) and uses the
// number as the idempotency key; a retry sends the next number.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

class BillingClient {
  httplib::Client http_;
  long request_seq_ = 0;

public:
  explicit BillingClient(const std::string &h) : http_(h) {}

  bool adjust(const std::string &patch_json) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      httplib::Headers h = {
          {"Idempotency-Key", "bill-" + std::to_string(++request_seq_)}};
      auto res = http_.Post("/adjustments", h, patch_json, "application/json");
      if (res)
        return res->status == 200;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 80));
    }
    return false;
  }
};
