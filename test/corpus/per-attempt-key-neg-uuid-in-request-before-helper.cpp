// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The request object gets its ClientToken once; the retry helper (named
// for retrying) re-sends the same request object.
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

template <class F> bool RetryWithBackoff(int attempts, F &&f) {
  for (int i = 0; i < attempts; ++i) {
    if (f())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((500 << i) + rand() % 500));
  }
  return false;
}

bool snapshot(const Aws::EC2::EC2Client &ec2, const std::string &volume) {
  Aws::EC2::Model::CreateSnapshotRequest req;
  req.SetVolumeId(volume);
  req.SetClientToken(Aws::Utils::UUID::RandomUUID());
  return RetryWithBackoff(3, [&] { return ec2.CreateSnapshot(req).IsSuccess(); });
}
