// corpus: origin written
// corpus: negative retry-missing-backoff
// corpus: negative retry-non-retryable-status
// corpus: expect retry-nested-layers
// The class builds its client with DefaultRetryStrategy(2) (3 attempts) and
// its method retries 3 times: 9 requests.
#include <aws/dynamodb/DynamoDBClient.h>
#include <chrono>
#include <random>
#include <thread>

namespace ddb = Aws::DynamoDB;

class ProfileStore {
public:
  ProfileStore() : client_(cfg()) {}

  bool get(const ddb::Model::GetItemRequest &req) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      auto out = client_.GetItem(req);
      if (out.IsSuccess())
        return true;
      if (!out.GetError().ShouldRetry())
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(
          std::uniform_int_distribution<long>(0, 100L << attempt)(rng_)));
    }
    return false;
  }

private:
  static Aws::Client::ClientConfiguration cfg() {
    Aws::Client::ClientConfiguration c;
    c.retryStrategy = Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("profiles", 2L);
    return c;
  }
  ddb::DynamoDBClient client_;
  std::minstd_rand rng_{std::random_device{}()};
};
