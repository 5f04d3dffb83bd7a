// Fake gRPC C++ API for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <memory>
#include <string>
#define GRPC_ARG_ENABLE_RETRIES "grpc.enable_retries"
#define GRPC_ARG_SERVICE_CONFIG "grpc.service_config"
namespace grpc {
enum StatusCode {
  OK = 0,
  CANCELLED = 1,
  UNKNOWN = 2,
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  ABORTED = 10,
  OUT_OF_RANGE = 11,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  DATA_LOSS = 15,
  UNAUTHENTICATED = 16
};
class Status {
public:
  Status();
  Status(StatusCode code, const std::string &message);
  bool ok() const;
  StatusCode error_code() const;
  static const Status &OK;
  static const Status &CANCELLED;
};
class ChannelArguments {
public:
  void SetServiceConfigJSON(const std::string &json);
  void SetInt(const std::string &key, int value);
  void SetString(const std::string &key, const std::string &value);
};
class ChannelCredentials {};
class Channel {};
std::shared_ptr<ChannelCredentials> InsecureChannelCredentials();
std::shared_ptr<Channel>
CreateChannel(const std::string &target,
              const std::shared_ptr<ChannelCredentials> &creds);
std::shared_ptr<Channel>
CreateCustomChannel(const std::string &target,
                    const std::shared_ptr<ChannelCredentials> &creds,
                    const ChannelArguments &args);
class ClientContext {
public:
  ClientContext();
  void AddMetadata(const std::string &key, const std::string &value);
};
} // namespace grpc
namespace payments {
class ChargeRequest {
public:
  void set_amount(long);
  void set_order_id(const std::string &);
  void set_idempotency_key(const std::string &);
  void set_request_id(const std::string &);
  void set_trace_id(const std::string &);
};
class ChargeReply {};
class Payments {
public:
  class Stub {
  public:
    grpc::Status CreateCharge(grpc::ClientContext *ctx, const ChargeRequest &req,
                              ChargeReply *reply);
    grpc::Status GetCharge(grpc::ClientContext *ctx, const ChargeRequest &req,
                           ChargeReply *reply);
  };
  static std::unique_ptr<Stub>
  NewStub(const std::shared_ptr<grpc::Channel> &channel);
};
} // namespace payments
