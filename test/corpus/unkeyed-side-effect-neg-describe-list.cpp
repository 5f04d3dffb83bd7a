// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// DescribeInstances and ListVolumes are reads; the SDK client is passed in.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace cloud {
struct Outcome {
  bool IsSuccess() const;
};
class ComputeClient {
public:
  Outcome DescribeInstances(const std::string &filter) const;
  Outcome ListVolumes(const std::string &zone) const;
};
} // namespace cloud

bool inventory(const cloud::ComputeClient &c, const std::string &zone) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (c.DescribeInstances("zone=" + zone).IsSuccess() &&
        c.ListVolumes(zone).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
