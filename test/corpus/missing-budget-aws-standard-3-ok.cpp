// corpus: origin written
// corpus: negative retry-missing-budget retry-nested-layers
// The SDK's standard strategy with 3 attempts, and the application calls
// once: one layer, small cap.
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
    cfg.retryStrategy =
        Aws::MakeShared<Aws::Client::StandardRetryStrategy>("sessions", 3L);
    return cfg;
  }
  ddb::DynamoDBClient client_;
};
