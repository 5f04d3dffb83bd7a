// corpus: origin github:aws/aws-sdk-cpp src/aws-cpp-sdk-core/source/utils/UUID.cpp UUID::RandomUUID
// corpus: real-headers
// corpus: expect retry-non-retryable-status
// corpus: negative retry-per-attempt-idempotency-key retry-unkeyed-side-effect retry-missing-budget
// corpus: negative retry-missing-backoff
// Generated SDK requests with an idempotency token fill ClientToken with a
// random UUID when the request object is built. Built once before the
// application's retry loop, every attempt carries the same token.
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
  std::string m_clientToken;

public:
  RunInstancesRequest() : m_clientToken(Aws::Utils::UUID::RandomUUID()) {}
  void SetImageId(const std::string &);
  void SetClientToken(const std::string &t) { m_clientToken = t; }
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
  Aws::EC2::Model::RunInstancesRequest request;
  request.SetImageId(image);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (ec2.RunInstances(request).IsSuccess())
      return true;
    std::uniform_int_distribution<int> jitter(0, 250 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(jitter(rng)));
  }
  return false;
}
