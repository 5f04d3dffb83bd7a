// corpus: origin github:oatpp/oatpp src/oatpp/web/client/RequestExecutor.cpp RequestExecutor::execute
// corpus: expect retry-missing-backoff
// corpus: fixme-fn retry-missing-budget FIXME: a policy method named canRetry is taken as a bound without reading its body, where max_attempts == -1 means unlimited and the caller passes -1
// Reduced anew (with src/oatpp/web/client/RetryPolicy.cpp
// SimpleRetryPolicy): the executor loops while the policy allows, retrying
// any exception and the policy's status codes; the simple policy waits a
// fixed delay, ignores Retry-After on the 503 it retries, and treats
// max_attempts == -1 as unlimited, which is what this client configures.
#include <chrono>
#include <httplib.h>
#include <memory>
#include <string>
#include <thread>

struct Context {
  long attempt = 0;
};

class SimpleRetryPolicy {
public:
  SimpleRetryPolicy(long max_attempts, long delay_us, int code)
      : max_attempts_(max_attempts), delay_us_(delay_us) {
    codes_[0] = code;
  }
  bool canRetry(const Context &c) const {
    return c.attempt <= max_attempts_ || max_attempts_ == -1;
  }
  bool retryOnResponse(int status, const Context &) const {
    for (int i = 0; i < n_codes_; ++i)
      if (codes_[i] == status)
        return true;
    return false;
  }
  long waitForMicroseconds(const Context &) const { return delay_us_; }

private:
  long max_attempts_;
  long delay_us_;
  int codes_[4] = {0, 0, 0, 0};
  int n_codes_ = 1;
};

class RequestExecutor {
public:
  explicit RequestExecutor(std::shared_ptr<SimpleRetryPolicy> p) : policy_(p) {}

  httplib::Result execute(httplib::Client &cli, const std::string &path) {
    Context context;
    while (true) {
      context.attempt++;
      auto res = cli.Get(path);
      if (res) {
        if (!policy_->retryOnResponse(res->status, context) || !policy_->canRetry(context))
          return res;
      } else if (!policy_->canRetry(context)) {
        return res;
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds(policy_->waitForMicroseconds(context) / 1000));
    }
  }

private:
  std::shared_ptr<SimpleRetryPolicy> policy_;
};

httplib::Result fetch_device_config(httplib::Client &cli) {
  RequestExecutor exec(std::make_shared<SimpleRetryPolicy>(-1, 1000000L, 503));
  return exec.execute(cli, "/device/config");
}
