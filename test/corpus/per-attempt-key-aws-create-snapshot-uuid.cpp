// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-nested-layers
// corpus: negative retry-missing-backoff
// AWS SDK style: CreateSnapshot with a ClientToken from
// Aws::Utils::UUID::RandomUUID() set inside the application's retry loop;
// the client comes from the caller.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace Aws {
namespace Utils {
class UUID {
public:
  static UUID RandomUUID();
  operator std::string() const;
};
} // namespace Utils
namespace EC2 {
namespace Model {
class CreateSnapshotRequest {
public:
  void SetVolumeId(const std::string &);
  void SetClientToken(const std::string &);
};
class CreateSnapshotOutcome {
public:
  bool IsSuccess() const;
};
} // namespace Model
class EC2Client {
public:
  Model::CreateSnapshotOutcome
  CreateSnapshot(const Model::CreateSnapshotRequest &) const;
};
} // namespace EC2
} // namespace Aws

bool snapshot(const Aws::EC2::EC2Client &ec2, const std::string &volume) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Aws::EC2::Model::CreateSnapshotRequest req;
    req.SetVolumeId(volume);
    req.SetClientToken(Aws::Utils::UUID::RandomUUID());
    if (ec2.CreateSnapshot(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((1000 << attempt) + rand() % 1000));
  }
  return false;
}
