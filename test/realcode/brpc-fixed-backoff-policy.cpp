// corpus: origin github:apache/brpc src/brpc/retry_policy.cpp RpcRetryPolicyWithFixedBackoff::GetBackoffTimeMs
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-non-retryable-status retry-unkeyed-side-effect
// A retry policy with a should-retry decision over socket errors and a
// FIXED backoff; the call loop consults it up to max_retry times.
#include <cerrno>
#include <cstdint>
#include <unistd.h>

class Controller {
public:
  int ErrorCode() const;
  bool Failed() const;
  int max_retry() const;
};

class RpcRetryPolicyWithFixedBackoff {
  int32_t _backoff_time_ms;

public:
  explicit RpcRetryPolicyWithFixedBackoff(int32_t backoff) : _backoff_time_ms(backoff) {}
  bool DoRetry(const Controller *controller) const {
    const int error_code = controller->ErrorCode();
    return error_code == EHOSTDOWN || error_code == ECONNREFUSED ||
           error_code == ECONNRESET || error_code == EPIPE;
  }
  int32_t GetBackoffTimeMs(const Controller *) const { return _backoff_time_ms; }
};

struct EchoRequest {};
struct EchoResponse {};
class EchoService_Stub {
public:
  void Echo(Controller *cntl, const EchoRequest *req, EchoResponse *resp); // RPC
};

int CallEcho(EchoService_Stub &stub, Controller *cntl, const EchoRequest &req,
             EchoResponse *resp) {
  const RpcRetryPolicyWithFixedBackoff policy(50);
  for (int retried = 0;; ++retried) {
    stub.Echo(cntl, &req, resp);
    if (!cntl->Failed())
      return 0;
    if (retried >= cntl->max_retry() || !policy.DoRetry(cntl))
      return -1;
    usleep(policy.GetBackoffTimeMs(cntl) * 1000);
  }
}
