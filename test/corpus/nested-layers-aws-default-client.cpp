// corpus: origin written
// corpus: expect retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// A default-constructed DynamoDB client retries by itself (SDK default
// strategy); the application loop retries on top of it.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool save_cart(const ddb::Model::PutItemRequest &req) {
  ddb::DynamoDBClient client;
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto outcome = client.PutItem(req);
    if (outcome.IsSuccess())
      return true;
    if (!outcome.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 300L << attempt)(rng)));
  }
  return false;
}
