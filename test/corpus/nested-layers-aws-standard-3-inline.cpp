// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// The client is built in the function with StandardRetryStrategy(3); the
// loop adds 4 attempts on top: 12 requests.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool get_session(const ddb::Model::GetItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::StandardRetryStrategy>("sessions", 3L);
  ddb::DynamoDBClient client(cfg);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto out = client.GetItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 200L << attempt)(rng)));
  }
  return false;
}
