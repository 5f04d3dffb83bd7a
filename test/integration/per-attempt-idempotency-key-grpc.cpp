// retry-per-attempt-idempotency-key over code that includes the real Debian
// gRPC C++ headers (<grpcpp/grpcpp.h>, 1.51): grpc::ClientContext,
// AddMetadata and grpc::Status are the real ones; the request message and
// the stub are hand-written stand-ins for protoc output.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <grpcpp/grpcpp.h>
#include <uuid/uuid.h>

#include <chrono>
#include <ctime>
#include <memory>
#include <string>

std::string new_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

namespace payments {
// What protoc would generate for
//   message ChargeRequest { string order_id = 1; int64 amount = 2;
//     string idempotency_key = 3; string request_id = 4; string trace_id = 5; }
class ChargeRequest {
public:
  void set_order_id(const std::string &v) { order_id_ = v; }
  void set_amount(long v) { amount_ = v; }
  void set_idempotency_key(const std::string &v) { idempotency_key_ = v; }
  void set_request_id(const std::string &v) { request_id_ = v; }
  void set_trace_id(const std::string &v) { trace_id_ = v; }
  std::string *mutable_idempotency_key() { return &idempotency_key_; }

private:
  std::string order_id_, idempotency_key_, request_id_, trace_id_;
  long amount_ = 0;
};
class ChargeReply {};

class Payments {
public:
  class StubInterface {
  public:
    virtual ~StubInterface() {}
    virtual grpc::Status CreateCharge(grpc::ClientContext *context,
                                      const ChargeRequest &request,
                                      ChargeReply *response) = 0;
  };
  class Stub final : public StubInterface {
  public:
    explicit Stub(std::shared_ptr<grpc::ChannelInterface> channel);
    grpc::Status CreateCharge(grpc::ClientContext *context,
                              const ChargeRequest &request,
                              ChargeReply *response) override;
    grpc::Status GetCharge(grpc::ClientContext *context,
                           const ChargeRequest &request, ChargeReply *response);
  };
  static std::unique_ptr<Stub>
  NewStub(const std::shared_ptr<grpc::ChannelInterface> &channel);
};
} // namespace payments

bool retryable(const grpc::Status &st) {
  return st.error_code() == grpc::StatusCode::UNAVAILABLE ||
         st.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED;
}

// --- findings -----------------------------------------------------------------

void setter_uuid_bad(payments::Payments::Stub &stub, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
    payments::ChargeRequest req;
    req.set_order_id(order_id);
    req.set_amount(100);
    req.set_idempotency_key(new_uuid());
    // CHECK: :[[@LINE-1]]:29: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
    // CHECK: :21:3: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
    // CHECK: :[[@LINE-9]]:3: note: retry loop re-sends the request here
    payments::ChargeReply reply;
    grpc::Status st = stub.CreateCharge(&ctx, req, &reply);
    if (st.ok() || !retryable(st))
      return;
  }
}

// request_id (protobuf style set_request_id) is a key sink by default.
void request_id_clock_bad(payments::Payments::Stub &stub) {
  int tries = 0;
  while (tries++ < 3) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    req.set_request_id(std::to_string(time(nullptr)));
    // CHECK: :[[@LINE-1]]:24: warning: idempotency key changes on every attempt: it is derived from the clock ('time')
    // CHECK: :[[@LINE-2]]:39: note: the clock ('time') is produced here on each attempt
    // CHECK: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      break;
  }
}

void attempt_counter_bad(payments::Payments::Stub &stub, const std::string &order_id) {
  for (int attempt = 1; attempt <= 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    req.set_idempotency_key(order_id + "#" + std::to_string(attempt));
    // CHECK: :[[@LINE-1]]:29: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt'
    // CHECK: :[[@LINE-5]]:12: note: attempt counter declared here
    // CHECK: :[[@LINE-6]]:3: note: retry loop re-sends the request here
    payments::ChargeReply reply;
    grpc::Status st = stub.CreateCharge(&ctx, req, &reply);
    if (st.ok())
      return;
  }
}

// The usual shape: a client class holding the stub from NewStub() in a
// std::unique_ptr, calling through StubInterface.
class PaymentsClient {
public:
  explicit PaymentsClient(std::unique_ptr<payments::Payments::StubInterface> stub)
      : stub_(std::move(stub)) {}

  bool charge_bad(const std::string &order_id) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      payments::ChargeRequest req;
      req.set_order_id(order_id);
      req.set_idempotency_key(new_uuid());
      // CHECK: :[[@LINE-1]]:31: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
      // CHECK: :[[@LINE-6]]:5: note: retry loop re-sends the request here
      payments::ChargeReply reply;
      grpc::Status st = stub_->CreateCharge(&ctx, req, &reply);
      if (st.ok() || !retryable(st))
        return st.ok();
    }
    return false;
  }

  bool charge_ok(const std::string &order_id) {
    const std::string key = "charge-" + order_id;
    for (int attempt = 0; attempt < 3; ++attempt) {
      grpc::ClientContext ctx;
      payments::ChargeRequest req;
      req.set_idempotency_key(key);
      payments::ChargeReply reply;
      if (stub_->CreateCharge(&ctx, req, &reply).ok())
        return true;
    }
    return false;
  }

private:
  std::unique_ptr<payments::Payments::StubInterface> stub_;
};

// --- known gaps -----------------------------------------------------------------

// ClientContext::AddMetadata(const std::string &, const std::string &): the
// literal's std::string(..., /*default*/ allocator) is not a {name, value} pair.
void metadata_key_bad(payments::Payments::Stub &stub) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("idempotency-key", new_uuid());
    // CHECK: :[[@LINE-1]]:40: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    payments::ChargeRequest req;
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

// FIXME: protobuf's mutable_<field>() accessors are not key sinks:
// `*req.mutable_idempotency_key() = key` and
// `req.mutable_idempotency_key()->assign(key)` are the generated-code
// equivalents of set_idempotency_key(key), but only setters, fields and
// parameters are recognized (normalizeIdentifier drops "set"/"with", not
// "mutable"). Not specific to the real headers.
void mutable_accessor_assign_FN(payments::Payments::Stub &stub) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    *req.mutable_idempotency_key() = new_uuid();
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

void mutable_accessor_method_FN(payments::Payments::Stub &stub) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    req.mutable_idempotency_key()->assign(new_uuid());
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

// --- must stay silent -------------------------------------------------------------

// A fresh ClientContext per attempt is required by gRPC, and x-request-id is
// a tracing header, not a key sink; the key itself comes from the order.
void fresh_context_and_tracing_ok(payments::Payments::Stub &stub,
                                  const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("x-request-id", new_uuid());
    ctx.AddMetadata("x-attempt", std::to_string(attempt));
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
    payments::ChargeRequest req;
    req.set_idempotency_key("charge-" + order_id);
    req.set_trace_id(new_uuid());
    payments::ChargeReply reply;
    grpc::Status st = stub.CreateCharge(&ctx, req, &reply);
    if (st.ok() || !retryable(st))
      return;
  }
}

void minted_before_loop_ok(payments::Payments::Stub &stub) {
  const std::string key = new_uuid();
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeRequest req;
    req.set_idempotency_key(key);
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}

void single_call_ok(payments::Payments::Stub &stub) {
  grpc::ClientContext ctx;
  payments::ChargeRequest req;
  req.set_idempotency_key(new_uuid());
  payments::ChargeReply reply;
  stub.CreateCharge(&ctx, req, &reply);
}

void request_built_once_ok(payments::Payments::Stub &stub) {
  payments::ChargeRequest req;
  req.set_idempotency_key(new_uuid());
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    if (stub.CreateCharge(&ctx, req, &reply).ok())
      return;
  }
}
