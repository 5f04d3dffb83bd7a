// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: fixme-fn retry-per-attempt-idempotency-key FIXME: the per-attempt source sits in a same-class member function (next_key() reading the clock) called from the retry loop
// A client class whose retry loop asks a member function for a key; the
// member reads the system clock.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

class LedgerClient {
public:
  explicit LedgerClient(const std::string &host) : cli_(host) {}

  bool append_entry(const std::string &entry_json) {
    for (int attempt = 0; attempt < max_attempts_; ++attempt) {
      httplib::Headers h = {{"X-Idempotency-Key", next_key()}};
      auto res = cli_.Post("/entries", h, entry_json, "application/json");
      if (res)
        return res->status == 201 || res->status == 200;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((100 << attempt) + rand() % 100));
    }
    return false;
  }

private:
  std::string next_key() const {
    auto now = std::chrono::system_clock::now();
    return "entry-" + std::to_string(now.time_since_epoch().count());
  }

  httplib::Client cli_;
  int max_attempts_ = 4;
};
