// corpus: origin github:aws/aws-sdk-cpp src/aws-cpp-sdk-core/source/utils/UUID.cpp UUID::RandomUUID
// corpus: real-headers
// corpus: expect retry-non-retryable-status
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect retry-missing-budget
// corpus: negative retry-missing-backoff
// The request object is built INSIDE the retry loop, and the application
// sets the ClientToken itself from a fresh random UUID: every attempt is a
// new intent to the service.
#include <chrono>
#include <random>
#include <string>
#include <thread>

namespace Aws {
namespace Utils {
struct UUID {
  static UUID RandomUUID();
  operator std::string() const;
};
} // namespace Utils
namespace EC2 {
namespace Model {
class RunInstancesRequest {
public:
  void SetImageId(const std::string &);
  void SetClientToken(const std::string &);
};
struct RunInstancesOutcome {
  bool IsSuccess() const;
};
} // namespace Model
class EC2Client {
public:
  Model::RunInstancesOutcome RunInstances(const Model::RunInstancesRequest &) const; // HTTP
};
} // namespace EC2
} // namespace Aws

bool launch(const Aws::EC2::EC2Client &ec2, const std::string &image) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    Aws::EC2::Model::RunInstancesRequest request;
    request.SetImageId(image);
    request.SetClientToken(Aws::Utils::UUID::RandomUUID());
    if (ec2.RunInstances(request).IsSuccess())
      return true;
    std::uniform_int_distribution<int> jitter(0, 250 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(jitter(rng)));
  }
  return false;
}
