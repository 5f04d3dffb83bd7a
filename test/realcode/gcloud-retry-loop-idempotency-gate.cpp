// corpus: origin github:googleapis/google-cloud-cpp google/cloud/internal/retry_loop.h RetryLoopImpl
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-non-retryable-status
// corpus: negative retry-unkeyed-side-effect
// The generic loop: a retry policy that stops after 5 transient failures
// (UNAVAILABLE only), a jittered exponential backoff, and an idempotency gate
// that never re-sends a non-idempotent call. CreateTopic goes through it as
// non-idempotent, so it is tried once.
#include <grpcpp/grpcpp.h>
#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

enum class Idempotency { kIdempotent, kNonIdempotent };

class LimitedErrorCountRetryPolicy {
  int failures_ = 0;
  int maximum_failures_;

public:
  explicit LimitedErrorCountRetryPolicy(int maximum_failures) : maximum_failures_(maximum_failures) {}
  bool OnFailure(const grpc::Status &status) {
    if (status.error_code() != grpc::StatusCode::UNAVAILABLE)
      return false;
    return ++failures_ <= maximum_failures_;
  }
  bool IsExhausted() const { return failures_ > maximum_failures_; }
};

class ExponentialBackoffPolicy {
  std::chrono::milliseconds current_{100}, maximum_{60000};
  std::mt19937_64 gen_{std::random_device{}()};

public:
  std::chrono::milliseconds OnCompletion() {
    std::uniform_int_distribution<long> jitter(current_.count() / 2, current_.count());
    auto delay = std::chrono::milliseconds(jitter(gen_));
    current_ = std::min(current_ * 2, maximum_);
    return delay;
  }
};

template <typename Functor, typename Request>
grpc::Status RetryLoop(LimitedErrorCountRetryPolicy &retry_policy,
                       ExponentialBackoffPolicy &backoff_policy, Idempotency idempotency,
                       Functor &&functor, const Request &request) {
  grpc::Status last_status;
  while (!retry_policy.IsExhausted()) {
    grpc::ClientContext context;
    last_status = functor(context, request);
    if (last_status.ok())
      return last_status;
    if (idempotency == Idempotency::kNonIdempotent || !retry_policy.OnFailure(last_status))
      return last_status;
    std::this_thread::sleep_for(backoff_policy.OnCompletion());
  }
  return last_status;
}

struct CreateTopicRequest {
  const char *name;
};
struct Topic {};
class PublisherStub {
public:
  grpc::Status CreateTopic(grpc::ClientContext &, const CreateTopicRequest &, Topic *); // RPC
};

grpc::Status CreateTopic(PublisherStub &stub, const CreateTopicRequest &request, Topic *topic) {
  LimitedErrorCountRetryPolicy retry(5);
  ExponentialBackoffPolicy backoff;
  return RetryLoop(
      retry, backoff, Idempotency::kNonIdempotent,
      [&](grpc::ClientContext &context, const CreateTopicRequest &r) {
        return stub.CreateTopic(context, r, topic);
      },
      request);
}
