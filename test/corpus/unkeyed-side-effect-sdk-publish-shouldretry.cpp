// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// An SNS-style Publish through an SDK client passed in by the caller,
// retried when the SDK error says it is retryable (throttling, 5xx,
// network errors).
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace Aws {
namespace SNS {
namespace Model {
class PublishRequest {
public:
  void SetTopicArn(const std::string &);
  void SetMessage(const std::string &);
};
class SNSError {
public:
  bool ShouldRetry() const;
};
class PublishOutcome {
public:
  bool IsSuccess() const;
  const SNSError &GetError() const;
};
} // namespace Model
class SNSClient {
public:
  Model::PublishOutcome Publish(const Model::PublishRequest &) const;
};
} // namespace SNS
} // namespace Aws

bool announce(const Aws::SNS::SNSClient &sns, const std::string &topic,
              const std::string &msg) {
  Aws::SNS::Model::PublishRequest req;
  req.SetTopicArn(topic);
  req.SetMessage(msg);
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto outcome = sns.Publish(req);
    if (outcome.IsSuccess())
      return true;
    if (!outcome.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
