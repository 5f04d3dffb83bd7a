// corpus: origin written
// corpus: expect retry-nested-layers
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// The client configuration sets a region and a timeout but leaves the SDK's
// default retry strategy in place; the loop retries on top.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

bool put_audit(const ddb::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration cfg;
  cfg.region = "ap-southeast-2";
  cfg.requestTimeoutMs = 1000;
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
