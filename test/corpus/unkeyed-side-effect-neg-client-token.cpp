// corpus: origin written
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// CreateVolume carries a ClientToken derived from the provisioning request
// id: retries are keyed.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace cloud {
struct CreateVolumeRequest {
  void SetSizeGb(int);
  void SetClientToken(const std::string &);
};
struct CreateVolumeOutcome {
  bool IsSuccess() const;
};
class ComputeClient {
public:
  CreateVolumeOutcome CreateVolume(const CreateVolumeRequest &) const;
};
} // namespace cloud

struct ProvisionRequest {
  std::string request_id;
  int size_gb;
};

bool provision(const cloud::ComputeClient &c, const ProvisionRequest &p) {
  cloud::CreateVolumeRequest req;
  req.SetSizeGb(p.size_gb);
  req.SetClientToken("prov-" + p.request_id);
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (c.CreateVolume(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((250 << attempt) + rand() % 250));
  }
  return false;
}
