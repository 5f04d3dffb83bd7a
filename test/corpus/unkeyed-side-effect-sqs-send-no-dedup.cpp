// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// An SQS SendMessage (no deduplication id) retried when the SDK says the
// error is retryable; the client is passed in.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace Aws {
namespace SQS {
namespace Model {
class SendMessageRequest {
public:
  void SetQueueUrl(const std::string &);
  void SetMessageBody(const std::string &);
};
class SQSError {
public:
  bool ShouldRetry() const;
};
class SendMessageOutcome {
public:
  bool IsSuccess() const;
  const SQSError &GetError() const;
};
} // namespace Model
class SQSClient {
public:
  Model::SendMessageOutcome SendMessage(const Model::SendMessageRequest &) const;
};
} // namespace SQS
} // namespace Aws

bool enqueue_email(const Aws::SQS::SQSClient &sqs, const std::string &url,
                   const std::string &email_json) {
  Aws::SQS::Model::SendMessageRequest req;
  req.SetQueueUrl(url);
  req.SetMessageBody(email_json);
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = sqs.SendMessage(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
