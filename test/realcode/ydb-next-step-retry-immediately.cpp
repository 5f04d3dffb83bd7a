// corpus: origin github:ydb-platform/ydb-cpp-sdk src/client/impl/ydb_internal/retry/retry.h TRetryContextBase::GetNextStep
// corpus: real-headers
// corpus: fixme-fn retry-missing-backoff FIXME: a retry helper taking the operation as a std::function/template callable is not analysed: its cap and waits are not carried to the call site; a next-step decision function whose RetryImmediately path loops back with no wait
// corpus: negative retry-missing-budget retry-unkeyed-side-effect
// Overloaded and unavailable replies wait a jittered backoff, and ambiguous
// ones are retried only for idempotent operations; but ABORTED and a bad
// session loop straight back with no wait at all.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <random>
#include <thread>

enum class EStatus { SUCCESS, ABORTED, OVERLOADED, UNAVAILABLE, BAD_SESSION, UNDETERMINED, OTHER };
enum class NextStep { RetryImmediately, RetryFastBackoff, RetrySlowBackoff, Finish };

struct TStatus {
  EStatus status;
  bool IsSuccess() const { return status == EStatus::SUCCESS; }
};
struct TSession {};

struct TBackoffSettings {
  std::chrono::milliseconds slot;
  uint32_t ceiling;
  double uncertain_ratio;
};

static std::mt19937 gen{std::random_device{}()};

void Backoff(const TBackoffSettings &s, uint32_t retryNumber) {
  const uint32_t slots = 1u << std::min(retryNumber, s.ceiling);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double multiplier = unit(gen) * s.uncertain_ratio - s.uncertain_ratio + 1.0;
  std::this_thread::sleep_for(std::chrono::milliseconds(
      static_cast<long>(s.slot.count() * slots * multiplier)));
}

class TRetryContext {
  uint32_t RetryNumber_ = 0;
  uint32_t MaxRetries_ = 10;
  bool Idempotent_ = false;
  TBackoffSettings fast_{std::chrono::milliseconds(5), 10, 0.5};
  TBackoffSettings slow_{std::chrono::milliseconds(1000), 6, 0.5};
  TSession session_;
  void ResetSession(); // takes a new session from the pool (other TU)

  NextStep GetNextStep(const TStatus &status) {
    if (status.IsSuccess() || RetryNumber_ >= MaxRetries_)
      return NextStep::Finish;
    switch (status.status) {
    case EStatus::ABORTED:
      return NextStep::RetryImmediately;
    case EStatus::OVERLOADED:
      return NextStep::RetrySlowBackoff;
    case EStatus::UNAVAILABLE:
      return NextStep::RetryFastBackoff;
    case EStatus::BAD_SESSION:
      ResetSession();
      return NextStep::RetryImmediately;
    case EStatus::UNDETERMINED:
      return Idempotent_ ? NextStep::RetryFastBackoff : NextStep::Finish;
    default:
      return NextStep::Finish;
    }
  }

public:
  TStatus Execute(const std::function<TStatus(TSession &)> &operation) {
    for (;;) {
      TStatus status = operation(session_);
      switch (GetNextStep(status)) {
      case NextStep::Finish:
        return status;
      case NextStep::RetryImmediately:
        break;
      case NextStep::RetryFastBackoff:
        Backoff(fast_, RetryNumber_);
        break;
      case NextStep::RetrySlowBackoff:
        Backoff(slow_, RetryNumber_);
        break;
      }
      ++RetryNumber_;
    }
  }
};

TStatus RunQuery(TSession &s, const char *yql); // sends the query (other TU)

TStatus ReadBalance(TRetryContext &ctx) {
  return ctx.Execute([](TSession &s) { return RunQuery(s, "SELECT balance FROM accounts"); });
}
