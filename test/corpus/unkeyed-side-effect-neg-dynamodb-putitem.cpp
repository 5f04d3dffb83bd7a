// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: negative retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff
// DynamoDB PutItem replaces the item: Put* is idempotent by name. The
// client comes from the caller (no visible SDK retry configuration).
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

bool save_session(const Aws::DynamoDB::DynamoDBClient &db,
                  const std::string &table) {
  Aws::DynamoDB::Model::PutItemRequest req;
  req.SetTableName(table);
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (db.PutItem(req).IsSuccess())
      return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
