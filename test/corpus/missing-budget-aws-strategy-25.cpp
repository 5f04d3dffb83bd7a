// corpus: origin written
// corpus: expect retry-missing-budget
// The SDK retry strategy is configured with 25 retries: 26 attempts per
// call. The application itself calls once.
#include <aws/dynamodb/DynamoDBClient.h>

namespace ddb = Aws::DynamoDB;

class SessionTable {
public:
  SessionTable() : client_(make_config()) {}

  bool save(const ddb::Model::PutItemRequest &req) const {
    return client_.PutItem(req).IsSuccess();
  }

private:
  static Aws::Client::ClientConfiguration make_config() {
    Aws::Client::ClientConfiguration cfg;
    cfg.region = "us-east-1";
    cfg.requestTimeoutMs = 2000;
    cfg.retryStrategy =
        Aws::MakeShared<Aws::Client::DefaultRetryStrategy>("sessions", 25L, 25L);
    return cfg;
  }
  ddb::DynamoDBClient client_;
};
