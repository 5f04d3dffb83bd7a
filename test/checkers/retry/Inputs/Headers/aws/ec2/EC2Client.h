// Fake AWS SDK for C++ EC2 client (RunInstances, DescribeInstances) for
// checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <string>
namespace Aws {
namespace EC2 {
namespace Model {
class RunInstancesRequest {
public:
  void SetClientToken(const std::string &);
};
class DescribeInstancesRequest {
public:
  void SetClientToken(const std::string &);
};
struct RunInstancesOutcome {
  bool IsSuccess() const;
};
struct DescribeInstancesOutcome {
  bool IsSuccess() const;
};
} // namespace Model
class EC2Client {
public:
  Model::RunInstancesOutcome
  RunInstances(const Model::RunInstancesRequest &) const;
  Model::DescribeInstancesOutcome
  DescribeInstances(const Model::DescribeInstancesRequest &) const;
};
} // namespace EC2
} // namespace Aws
