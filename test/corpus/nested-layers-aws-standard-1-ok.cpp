// corpus: origin written
// corpus: negative retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The SDK strategy allows one attempt (StandardRetryStrategy(1)): an inner
// layer with one attempt is not a retry layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool put_session(const ddb::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::StandardRetryStrategy>("sessions", 1L);
  ddb::DynamoDBClient client(cfg);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = client.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << attempt)(rng)));
  }
  return false;
}
