// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-per-attempt-idempotency-key
// A provisioning client (stand-in SDK) whose ClientToken is drawn from
// std::random_device on every attempt.
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>

namespace cloud {
struct CreateVolumeRequest {
  void SetSizeGb(int);
  void SetClientToken(const std::string &);
};
struct CreateVolumeOutcome {
  bool IsSuccess() const;
  bool IsTimeout() const;
};
class ComputeClient {
public:
  CreateVolumeOutcome CreateVolume(const CreateVolumeRequest &);
};
} // namespace cloud

bool provision(cloud::ComputeClient &client, int size_gb) {
  std::random_device rd;
  for (int attempt = 0; attempt < 3; ++attempt) {
    cloud::CreateVolumeRequest req;
    req.SetSizeGb(size_gb);
    req.SetClientToken("vol-" + std::to_string((unsigned long)rd()));
    auto outcome = client.CreateVolume(req);
    if (outcome.IsSuccess())
      return true;
    if (!outcome.IsTimeout())
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((500 << attempt) + rand() % 250));
  }
  return false;
}
