// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: expect retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-missing-backoff
// FIFO queue deduplication id = hash of the message body: two equal
// "restock 5 units" events in a row collapse into one.
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
  void SetMessageGroupId(const std::string &);
  void SetMessageDeduplicationId(const std::string &);
};
class SendMessageOutcome {
public:
  bool IsSuccess() const;
};
} // namespace Model
class SQSClient {
public:
  Model::SendMessageOutcome SendMessage(const Model::SendMessageRequest &) const;
};
} // namespace SQS
} // namespace Aws

std::string sha1_hex(const std::string &);

bool publish_restock(const Aws::SQS::SQSClient &sqs, const std::string &url,
                     const std::string &body) {
  Aws::SQS::Model::SendMessageRequest req;
  req.SetQueueUrl(url);
  req.SetMessageGroupId("inventory");
  req.SetMessageBody(body);
  req.SetMessageDeduplicationId(sha1_hex(body));
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (sqs.SendMessage(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
