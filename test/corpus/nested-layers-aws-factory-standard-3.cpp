// corpus: origin written
// corpus: expect retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The client's configuration comes from a factory that keeps a 3-attempt
// SDK strategy; the application loop makes 3 attempts on top: 9 requests.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

namespace {
Aws::Client::ClientConfiguration service_config() {
  Aws::Client::ClientConfiguration cfg;
  cfg.region = "eu-central-1";
  cfg.retryStrategy = Aws::MakeShared<Aws::Client::StandardRetryStrategy>("cart", 3L);
  return cfg;
}
} // namespace

bool save_cart(const ddb::Model::PutItemRequest &req) {
  auto client = std::make_shared<ddb::DynamoDBClient>(service_config());
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
