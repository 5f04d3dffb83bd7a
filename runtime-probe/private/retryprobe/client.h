// The retrying client: attempts, backoff, per-attempt timeout, key strategy
// and the optional "look up authoritative state before re-sending".
#pragma once

#include "retryprobe/http.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace retryprobe {

struct AttemptLog {
  std::string intent;
  int attempt;
  int status;
  std::string kind;
  bool replay;
  std::string method = "POST"; // GET for a look-up before re-sending
};

bool operator<(const AttemptLog &a, const AttemptLog &b);
bool operator==(const AttemptLog &a, const AttemptLog &b);

// A cancellable sleep shared by a scenario's threads, so stopping a
// scenario interrupts every backoff at once.
class StopToken {
public:
  void request_stop();
  bool stop_requested() const;
  // Returns false when stopped before `d` elapsed.
  bool sleep_for(std::chrono::nanoseconds d) const;

private:
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  bool stopped_ = false;
};

enum class KeyStrategy { none, stable, per_attempt };
enum class BackoffKind { none, fixed, exponential };

const char *key_strategy_name(KeyStrategy k);

struct ClientPolicy {
  int attempts = 2; // first try included; 0 = no cap (until stopped)
  BackoffKind backoff = BackoffKind::fixed;
  std::chrono::milliseconds base{20};
  std::chrono::milliseconds cap{1000};
  bool jitter = false; // full jitter: uniform(0, delay)
  bool honor_retry_after = false;
  std::chrono::milliseconds timeout{500}; // per attempt
  // The look-up is a cheap GET; it must not inherit a timeout chosen to be
  // shorter than the slow POST.
  std::chrono::milliseconds query_timeout{2000};
  KeyStrategy key = KeyStrategy::none;
  bool query_before_retry = false;
  bool retry_client_errors = false; // retry every 4xx (the bug)
  std::uint32_t seed = 42;          // jitter is seeded: runs are repeatable
};

// The wait before attempt `attempt + 1`, without Retry-After.
std::chrono::milliseconds backoff_delay(const ClientPolicy &p, int attempt,
                                        std::mt19937 &rng);

struct ChargeOutcome {
  bool ok = false;
  bool recovered = false; // found committed by the look-up
  std::string receipt;
  int attempts = 0;
};

class RetryingClient {
public:
  using EndpointFn = std::function<Endpoint()>;
  using AttemptHook = std::function<void(const std::string &intent, int)>;
  RetryingClient(ClientPolicy policy, EndpointFn endpoint,
                 const StopToken &stop);
  void set_before_attempt(AttemptHook hook) { before_ = std::move(hook); }
  // Runs once an attempt is logged, before the client acts on its outcome
  // (a look-up, a backoff, the next attempt).
  void set_after_attempt(AttemptHook hook) { after_ = std::move(hook); }
  // Replaces the backoff's real sleep (a scenario on a virtual clock);
  // returns false to stop retrying.
  using SleepFn = std::function<bool(std::chrono::milliseconds)>;
  void set_sleep(SleepFn sleep) { sleep_ = std::move(sleep); }
  // POSTs {intent, amount} with retries; every attempt is appended to log.
  ChargeOutcome charge(const std::string &intent, long amount,
                       std::vector<AttemptLog> &log);
  // The same for an arbitrary body (relays forward the body they got);
  // returns the last attempt's result.
  HttpResult post_with_retries(const std::string &intent,
                               const std::string &body,
                               std::vector<AttemptLog> &log,
                               ChargeOutcome &outcome);

private:
  std::string key_for(const std::string &intent, int attempt) const;
  bool query_committed(const std::string &intent, std::vector<AttemptLog> &log,
                       int attempt, std::string &receipt);

  ClientPolicy policy_;
  EndpointFn endpoint_;
  const StopToken &stop_;
  AttemptHook before_, after_;
  SleepFn sleep_;
  std::mt19937 rng_;
};

} // namespace retryprobe
