// corpus: origin github:aws/aws-sdk-cpp src/aws-cpp-sdk-core/source/client/AWSClient.cpp AWSClient::AttemptExhaustively
// corpus: negative retry-nested-layers retry-missing-budget
// corpus: expect retry-non-retryable-status
// corpus: negative retry-missing-backoff
// The same application loop, but the client is built with a strategy of 0
// retries, so the SDK adds no layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

bool saveItem(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration config;
  config.region = "eu-west-1";
  config.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("app", 0);
  Aws::DynamoDB::DynamoDBClient client(config);
  std::minstd_rand rng(std::random_device{}());
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (client.PutItem(req).IsSuccess())
      return true;
    std::uniform_int_distribution<int> jitter(0, 100 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(jitter(rng)));
  }
  return false;
}
