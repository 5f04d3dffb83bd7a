// corpus: origin github:duckdb/duckdb src/main/http/http_util.cpp HTTPUtil::RunRequestWithRetry
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: expect retry-non-retryable-status
// corpus: negative retry-missing-budget retry-per-attempt-idempotency-key retry-nested-layers
// Also HTTPResponse::ShouldRetry and HTTPUtil::SendRequest. The helper runs
// the request callable, catches I/O and HTTP exceptions, and asks a virtual
// predicate whether to go again; the default predicate retries transport
// errors, 408, 418, 429 and 5xx (418 is a 4xx that never succeeds on a
// retry). The loop is capped by the configured retry count; the first retry
// goes back at once and later non-throttled ones wait retry_wait_ms * backoff^n
// with no jitter. The per-attempt timestamps only feed the log.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

struct Reply {
  int status = 0;
  std::string failure;
  bool failed() const { return !failure.empty(); }
  bool worth_retrying() const {
    if (failed())
      return true;
    switch (status) {
    case 408:
    case 418:
    case 429:
    case 500:
    case 502:
    case 503:
    case 504:
      return true;
    default:
      return false;
    }
  }
};

struct IoFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct StatusFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
  int status = 0;
};

struct Call;
struct Transport {
  virtual ~Transport() = default;
  virtual std::unique_ptr<Reply> perform(Call &call) = 0;
};

class Http;
struct Settings {
  Http *http = nullptr;
  uint64_t retries = 3;
  uint64_t wait_ms = 100;
  double factor = 4;
};

struct Call {
  Settings settings;
  std::string url;
  int64_t started = 0;
};

class Http {
public:
  virtual ~Http() = default;
  virtual bool go_again(const Call &, const Reply &reply) {
    return reply.worth_retrying();
  }

  std::unique_ptr<Reply>
  with_retry(const std::function<std::unique_ptr<Reply>()> &attempt,
             const Call &call, const std::function<void()> &before_next) {
    const Settings &s = call.settings;
    uint64_t tries = 0;
    while (true) {
      std::unique_ptr<Reply> reply;
      std::exception_ptr error;
      int caught_status = 0;
      try {
        reply = attempt();
      } catch (IoFailure &) {
        error = std::current_exception();
      } catch (StatusFailure &e) {
        error = std::current_exception();
        caught_status = e.status;
      }
      bool again = !reply || s.http->go_again(call, *reply);
      if (!again)
        return reply;
      ++tries;
      const bool throttled = (reply && reply->status == 429) || caught_status == 429;
      if (tries <= s.retries + (throttled ? 5 : 0)) {
        if (tries > 1 || throttled) {
          uint64_t ms = uint64_t(s.wait_ms * std::pow(s.factor, double(tries - 1)));
          if (throttled) {
            std::mt19937_64 gen{std::random_device{}()};
            ms -= gen() % (ms / 2 + 1);
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        }
        if (before_next)
          before_next();
      } else {
        if (error)
          std::rethrow_exception(error);
        throw std::runtime_error("request to " + call.url + " failed");
      }
    }
  }

  std::unique_ptr<Reply> send(Call &call, std::unique_ptr<Transport> &transport);
  std::unique_ptr<Transport> connect(const Call &call);
};

std::unique_ptr<Reply> Http::send(Call &call, std::unique_ptr<Transport> &transport) {
  std::function<std::unique_ptr<Reply>()> attempt([&]() {
    call.started = std::chrono::steady_clock::now().time_since_epoch().count();
    return transport->perform(call);
  });
  std::function<void()> reconnect([&]() { transport = connect(call); });
  return with_retry(attempt, call, reconnect);
}
