// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// FIFO publisher: the deduplication id is the outbox row's message id.
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

struct OutboxRow {
  std::string message_id;
  std::string topic;
  std::string body;
};

bool relay(const Aws::SQS::SQSClient &sqs, const std::string &queue,
           const OutboxRow &row) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Aws::SQS::Model::SendMessageRequest req;
    req.SetQueueUrl(queue);
    req.SetMessageGroupId(row.topic);
    req.SetMessageBody(row.body);
    req.SetMessageDeduplicationId(row.message_id);
    if (sqs.SendMessage(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
