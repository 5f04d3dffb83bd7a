// corpus: origin github:apache/brpc src/brpc/retry_policy.cpp RpcRetryPolicy::DoRetry
// corpus: real-headers
// corpus: expect retry-unkeyed-side-effect
// corpus: negative retry-missing-backoff retry-missing-budget
// corpus: negative retry-non-retryable-status
// The default policy retries a connection reset and an EOF, which can come
// after the server processed the request; the RPC submits an order with no
// idempotency key. Backoff is jittered (fast_rand_in), attempts capped.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <unistd.h>

class Controller {
public:
  int ErrorCode() const;
  bool Failed() const;
  void Reset();
};

struct RpcRetryPolicyWithJitteredBackoff {
  int32_t _min_backoff_time_ms = 10;
  int32_t _max_backoff_time_ms = 200;
  bool DoRetry(const Controller *controller) const {
    const int error_code = controller->ErrorCode();
    return error_code == ECONNRESET || error_code == EPIPE ||
           error_code == ENODATA || error_code == ECONNREFUSED;
  }
  int32_t GetBackoffTimeMs(const Controller *) const {
    return _min_backoff_time_ms + std::rand() % (_max_backoff_time_ms - _min_backoff_time_ms);
  }
};

struct OrderRequest {
  long amount;
};
struct OrderResponse {};
class OrderService_Stub {
public:
  void SubmitOrder(Controller *cntl, const OrderRequest *req, OrderResponse *resp); // RPC
};

int PlaceOrder(OrderService_Stub &stub, const OrderRequest &req, OrderResponse *resp) {
  RpcRetryPolicyWithJitteredBackoff policy;
  Controller cntl;
  for (int retried = 0; retried < 3; ++retried) {
    cntl.Reset();
    stub.SubmitOrder(&cntl, &req, resp);
    if (!cntl.Failed())
      return 0;
    if (!policy.DoRetry(&cntl))
      return -1;
    usleep(policy.GetBackoffTimeMs(&cntl) * 1000);
  }
  return -1;
}
