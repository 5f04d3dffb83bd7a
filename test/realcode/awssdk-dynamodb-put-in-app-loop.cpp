// corpus: origin github:aws/aws-sdk-cpp src/aws-cpp-sdk-core/source/client/AWSClient.cpp AWSClient::AttemptExhaustively
// corpus: expect retry-nested-layers
// corpus: expect retry-non-retryable-status
// corpus: negative retry-unkeyed-side-effect retry-missing-budget
// corpus: negative retry-missing-backoff
// An application loop (3 attempts, jittered wait) around a DynamoDB client
// built with the default configuration, whose DefaultRetryStrategy already
// retries every call up to 10 times: 3 x 11 attempts reach the table.
// PutItem is idempotent by name.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

bool saveItem(const Aws::DynamoDB::Model::PutItemRequest &req) {
  Aws::Client::ClientConfiguration config;
  config.region = "eu-west-1";
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
