// RUN: %check_retrylint %s retry-non-retryable-status %t -- -- -I %S/Inputs/Headers
//
// AWS SDK outcomes: IsSuccess() is a 2xx reply; GetError().ShouldRetry() is
// the SDK's own classification of the error (throttling, 5xx, network),
// which excludes the client errors it marks final.

#include <aws/dynamodb/DynamoDBClient.h>
#include <stdio.h>
#include <chrono>
#include <thread>

namespace ddb = Aws::DynamoDB;

static void pause(int attempt) {
  std::this_thread::sleep_for(std::chrono::milliseconds((100 << attempt) + rand() % 100));
}

// A loop on the outcome alone retries validation errors and access denied.
bool put_blanket_bad(ddb::DynamoDBClient &db, const ddb::Model::PutItemRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (db.PutItem(req).IsSuccess())
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP {{.*}}400-{{.*}}which will not succeed on retry
      return true;
    pause(attempt);
  }
  return false;
}

// Only a 400 ends the loop early: 401-499 are still retried.
bool put_only_400_final_bad(ddb::DynamoDBClient &db, const ddb::Model::PutItemRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = db.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (out.GetError().GetResponseCode() == 400)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: retry path is taken for HTTP 401-{{.*}}which will not succeed on retry
      return false;
    pause(attempt);
  }
  return false;
}

// --- near-misses that must stay silent ---

bool put_should_retry_ok(ddb::DynamoDBClient &db, const ddb::Model::PutItemRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = db.PutItem(req);
    if (out.IsSuccess())
      return true;
    if (!out.GetError().ShouldRetry())
      return false;
    pause(attempt);
  }
  return false;
}

bool put_4xx_final_ok(ddb::DynamoDBClient &db, const ddb::Model::PutItemRequest &req) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto out = db.PutItem(req);
    if (out.IsSuccess())
      return true;
    int code = out.GetError().GetResponseCode();
    if (code >= 400 && code < 500 && code != 429)
      return false;
    pause(attempt);
  }
  return false;
}
