// corpus: origin written
// corpus: negative retry-non-retryable-status retry-nested-layers retry-missing-backoff
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: negative retry-nested-layers
// The SDK's own classification decides: GetError().ShouldRetry() is false
// for validation and access errors. The client is built with zero SDK
// retries, so the loop is the only layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

static Aws::Client::ClientConfiguration single_attempt_config() {
  Aws::Client::ClientConfiguration cfg;
  cfg.region = "eu-west-1";
  cfg.requestTimeoutMs = 3000;
  cfg.retryStrategy =
      Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("orders", 0L);
  return cfg;
}

bool save_order(const ddb::Model::PutItemRequest &req) {
  ddb::DynamoDBClient client(single_attempt_config());
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto outcome = client.PutItem(req);
    if (outcome.IsSuccess())
      return true;
    if (!outcome.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 100L << attempt)(rng)));
  }
  return false;
}
