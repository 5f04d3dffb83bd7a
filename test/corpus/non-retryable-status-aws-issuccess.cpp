// corpus: origin written
// corpus: expect retry-non-retryable-status
// corpus: negative retry-nested-layers
// corpus: negative retry-missing-backoff
// A loop on the SDK outcome alone: !IsSuccess() covers validation errors,
// missing tables and access denied, which never succeed on retry. The client
// is built with zero SDK retries, so there is one layer.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

class OrderStore {
public:
  OrderStore() : client_(config()), rng_(std::random_device{}()) {}

  bool load(const ddb::Model::GetItemRequest &req) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      auto outcome = client_.GetItem(req);
      if (outcome.IsSuccess())
        return true;
      long ms = std::uniform_int_distribution<long>(0, 200L << attempt)(rng_);
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    }
    return false;
  }

private:
  static Aws::Client::ClientConfiguration config() {
    Aws::Client::ClientConfiguration cfg;
    cfg.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("store", 0L);
    return cfg;
  }
  ddb::DynamoDBClient client_;
  std::minstd_rand rng_;
};
