// Fake gRPC C++ API for checker tests.
#pragma once
#include <string>
namespace grpc {
enum StatusCode { OK = 0, UNAVAILABLE = 14, INVALID_ARGUMENT = 3 };
class Status {
public:
  bool ok() const;
  StatusCode error_code() const;
};
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
};
} // namespace payments
