// corpus: origin written
// corpus: negative retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: negative retry-nested-layers
// The client's configuration comes from a factory that sets zero SDK
// retries, so the application loop is the only layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

namespace {
Aws::Client::ClientConfiguration no_sdk_retries() {
  Aws::Client::ClientConfiguration cfg;
  cfg.region = "eu-central-1";
  cfg.requestTimeoutMs = 1500;
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("cart", 0L);
  return cfg;
}
} // namespace

bool save_cart(const ddb::Model::PutItemRequest &req) {
  auto client = std::make_shared<ddb::DynamoDBClient>(no_sdk_retries());
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto outcome = client->PutItem(req);
    if (outcome.IsSuccess())
      return true;
    if (!outcome.GetError().ShouldRetry())
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 300L << attempt)(rng)));
  }
  return false;
}
