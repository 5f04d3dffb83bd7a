// corpus: origin written
// corpus: negative retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The client is passed in by reference with no visible configuration:
// assumed not to retry, so the loop is one layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool get_profile(const ddb::DynamoDBClient &client, const ddb::Model::GetItemRequest &req) {
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = client.GetItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return false;
}
