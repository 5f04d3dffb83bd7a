// Fault injection by phase, decided per request the service receives.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace retryprobe {

enum class FaultKind {
  none,
  pre_commit,       // 503, nothing written
  post_commit_drop, // commit, then shutdown(SHUT_RDWR) without a reply
  post_commit_slow, // commit, reply after the client gave up
  client_error,     // permanent 422
  throttle,         // 429 + Retry-After during a window
  outage            // 503 during a window
};

const char *fault_name(FaultKind k);

struct FaultSpec {
  FaultKind kind = FaultKind::none;
  int on_arrival = 1; // which arrival per intent is hit; 0 = every arrival
  int on_request = 0; // > 0: only the N-th request overall (not per intent)
  std::chrono::milliseconds slow_reply{300};
  std::chrono::milliseconds window{0}; // throttle/outage duration
  int retry_after_s = 1;
  // outage: once the window is over, at most `capacity` requests per
  // `capacity_window` (counted in consecutive slots from the window's
  // start) are let through, the rest answered 503 as during the outage: a
  // recovering service sheds what it cannot take. 0: no limit.
  int capacity = 0;
  std::chrono::milliseconds capacity_window{10};
  std::string describe() const; // "post_commit_drop@1"
};

// Shared by every instance of a service in one scenario, so a restarted
// service keeps counting arrivals where the old one stopped. With several
// specs the first that applies to a request decides.
class FaultPlan {
public:
  explicit FaultPlan(FaultSpec spec) : specs_{spec} {}
  explicit FaultPlan(std::vector<FaultSpec> specs);
  struct Decision {
    FaultKind kind = FaultKind::none;
    std::chrono::milliseconds delay{0};
    int retry_after_s = 0;
  };
  Decision next(const std::string &intent);
  const FaultSpec &spec() const { return specs_.front(); }
  std::string describe() const; // "post_commit_drop@1; throttle 1000ms"
  // The time windows are judged by (default: steady_clock::now). A scenario
  // that schedules its requests on a virtual clock sets it, so what the
  // service answers does not depend on how fast the machine sends them.
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  void set_clock(Clock now) { now_ = std::move(now); }

private:
  std::vector<FaultSpec> specs_;
  std::mutex mu_;
  std::map<std::string, int> arrivals_;
  int requests_ = 0;
  std::optional<std::chrono::steady_clock::time_point> window_start_;
  std::map<long long, int> slot_counts_; // capacity slot -> requests let in
  Clock now_;
};

} // namespace retryprobe
