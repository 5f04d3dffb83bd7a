// Fake AWS SDK for C++ (core client configuration and a DynamoDB client)
// for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <memory>
#include <string>
namespace Aws {
template <class T, class... A> std::shared_ptr<T> MakeShared(const char *, A &&...);
namespace Client {
class AWSError {
public:
  bool ShouldRetry() const;
  int GetResponseCode() const;
  const std::string &GetMessage() const;
};
class RetryStrategy {};
class DefaultRetryStrategy : public RetryStrategy {
public:
  DefaultRetryStrategy(long maxRetries = 10, long scaleFactor = 25);
};
class StandardRetryStrategy : public RetryStrategy {
public:
  StandardRetryStrategy(long maxAttempts = 3);
};
struct ClientConfiguration {
  ClientConfiguration();
  std::string region;
  long requestTimeoutMs;
  std::shared_ptr<RetryStrategy> retryStrategy;
};
} // namespace Client
namespace DynamoDB {
namespace Model {
class PutItemRequest {
public:
  void SetTableName(const std::string &);
};
class GetItemRequest {};
class PutItemOutcome {
public:
  bool IsSuccess() const;
  const Client::AWSError &GetError() const;
};
class GetItemOutcome {
public:
  bool IsSuccess() const;
  const Client::AWSError &GetError() const;
};
} // namespace Model
class DynamoDBClient {
public:
  DynamoDBClient();
  explicit DynamoDBClient(const Client::ClientConfiguration &);
  Model::PutItemOutcome PutItem(const Model::PutItemRequest &) const;
  Model::GetItemOutcome GetItem(const Model::GetItemRequest &) const;
};
} // namespace DynamoDB
} // namespace Aws
