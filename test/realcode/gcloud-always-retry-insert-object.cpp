// corpus: origin github:googleapis/google-cloud-cpp google/cloud/storage/idempotency_policy.cc AlwaysRetryIdempotencyPolicy
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-budget retry-missing-backoff retry-non-retryable-status
// With the always-retry idempotency policy every call counts as idempotent,
// so an object insert without a precondition (no generation match, no key)
// is re-sent after UNAVAILABLE or DEADLINE_EXCEEDED, which may follow a
// write that took effect.
#include <grpcpp/grpcpp.h>
#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

struct InsertObjectRequest {
  const char *bucket;
  const char *object;
  const char *contents;
};
struct ObjectMetadata {};

class IdempotencyPolicy {
public:
  virtual ~IdempotencyPolicy() = default;
  virtual bool IsIdempotent(const InsertObjectRequest &) const = 0;
};
class AlwaysRetryIdempotencyPolicy : public IdempotencyPolicy {
public:
  bool IsIdempotent(const InsertObjectRequest &) const override { return true; }
};

class StorageStub {
public:
  grpc::Status InsertObject(grpc::ClientContext &, const InsertObjectRequest &,
                            ObjectMetadata *); // RPC
};

class StorageConnection {
  StorageStub stub_;
  AlwaysRetryIdempotencyPolicy idempotency_;
  std::mt19937_64 gen_{std::random_device{}()};

public:
  grpc::Status InsertObject(const InsertObjectRequest &request, ObjectMetadata *out) {
    const bool idempotent = idempotency_.IsIdempotent(request);
    std::chrono::milliseconds backoff(100);
    grpc::Status status;
    for (int attempt = 0; attempt < 6; ++attempt) {
      grpc::ClientContext context;
      status = stub_.InsertObject(context, request, out);
      if (status.ok() || !idempotent)
        return status;
      if (status.error_code() != grpc::StatusCode::UNAVAILABLE &&
          status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED)
        return status;
      std::uniform_int_distribution<long> jitter(0, backoff.count());
      std::this_thread::sleep_for(std::chrono::milliseconds(jitter(gen_)));
      backoff = std::min(backoff * 2, std::chrono::milliseconds(32000));
    }
    return status;
  }
};
