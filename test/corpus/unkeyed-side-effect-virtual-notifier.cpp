// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A retry loop over a virtual call named with a mutating verb; the
// implementation lives elsewhere.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

class Notifier {
public:
  virtual ~Notifier() = default;
  virtual bool SendSms(const std::string &phone, const std::string &text) = 0;
};

bool notify_shipped(Notifier &n, const std::string &phone) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (n.SendSms(phone, "Your parcel is on its way"))
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((1000 << attempt) + rand() % 1000));
  }
  return false;
}
