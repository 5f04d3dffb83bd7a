// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: expect retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// AWS SDK style FIFO queue publisher: MessageDeduplicationId set from a
// random UUID inside the retry loop.
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

bool publish_shipment(const Aws::SQS::SQSClient &sqs, const std::string &url,
                      const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Aws::SQS::Model::SendMessageRequest req;
    req.SetQueueUrl(url);
    req.SetMessageBody(body);
    req.SetMessageGroupId("shipments");
    req.SetMessageDeduplicationId(Aws::Utils::UUID::RandomUUID());
    if (sqs.SendMessage(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
