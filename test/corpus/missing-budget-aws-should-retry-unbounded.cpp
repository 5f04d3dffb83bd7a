// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-missing-budget
// The loop retries while the SDK says the error is retryable, with jitter,
// but never counts: a long throttling episode keeps it going. The client
// makes one attempt per call (zero SDK retries).
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool write_event(const ddb::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("events", 0L);
  ddb::DynamoDBClient client(cfg);
  std::minstd_rand rng(std::random_device{}());
  long cap = 100;
  for (;;) {
    auto out = client.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
    cap = cap < 20000 ? cap * 2 : cap;
  }
}
