#include "retryprobe/waves.h"

#include "retryprobe/faults.h"
#include "retryprobe/service.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace retryprobe {

namespace {

using std::chrono::milliseconds;

// Clients take turns on a virtual clock: exactly one runs at a time, the
// one due earliest (ties: the lower index), and the clock jumps to its due
// time. A client's backoff is a yield until its next due time, so the order
// of requests and the times the service sees are the schedule's alone.
class VirtualTurns {
public:
  explicit VirtualTurns(int n, const StopToken &stop) : stop_(stop) {
    for (int i = 0; i < n; ++i)
      due_.insert({0, i});
  }
  long now_ms() const { return now_.load(); }

  // Blocks until it is client i's turn; false when stopped meanwhile.
  bool wait_turn(int i) {
    std::unique_lock<std::mutex> lock(mu_);
    if (running_ == -1 && !due_.empty() && due_.begin()->second == i)
      grant_locked();
    // Bounded steps: a stop is seen within 100 ms even if nobody yields.
    while (running_ != i) {
      if (stop_.stop_requested()) {
        stopped_ = true;
        return false;
      }
      cv_.wait_for(lock, milliseconds(100));
    }
    return !stopped_;
  }
  // Client i (running) waits `d` of virtual time.
  bool sleep(int i, milliseconds d) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      due_.insert({now_.load() + d.count(), i});
      running_ = -1;
      grant_locked();
    }
    cv_.notify_all();
    return wait_turn(i);
  }
  // Client i (running) is finished.
  void done(int i) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (running_ == i)
        running_ = -1;
      due_.erase({now_.load(), i}); // if it never ran (stopped)
      grant_locked();
    }
    cv_.notify_all();
  }
  // Lets the first client run once every thread exists.
  void start() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      grant_locked();
    }
    cv_.notify_all();
  }

private:
  void grant_locked() {
    if (running_ != -1 || due_.empty())
      return;
    auto next = *due_.begin();
    due_.erase(due_.begin());
    now_.store(next.first);
    running_ = next.second;
  }

  const StopToken &stop_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::set<std::pair<long, int>> due_; // (virtual ms, client)
  int running_ = -1;
  bool stopped_ = false;
  std::atomic<long> now_{0};
};

} // namespace

std::pair<int, long> peak_in_window(std::vector<long> times_ms, long width) {
  std::sort(times_ms.begin(), times_ms.end());
  int best = 0;
  long at = 0;
  std::size_t lo = 0;
  for (std::size_t hi = 0; hi < times_ms.size(); ++hi) {
    while (times_ms[hi] - times_ms[lo] >= width)
      ++lo;
    int n = static_cast<int>(hi - lo + 1);
    if (n > best) {
      best = n;
      at = times_ms[lo];
    }
  }
  return {best, at};
}

WaveResult run_wave(const WaveConfig &cfg, const std::string &dir,
                    const StopToken &stop) {
  VirtualTurns turns(cfg.clients, stop);
  FaultSpec outage;
  outage.kind = FaultKind::outage;
  outage.window = cfg.outage;
  outage.capacity = cfg.capacity;
  outage.capacity_window = cfg.slot;
  FaultPlan plan(outage);
  plan.set_clock([&turns] {
    return std::chrono::steady_clock::time_point(milliseconds(turns.now_ms()));
  });
  StoreConfig store;
  store.policy = Policy::key_atomic;
  std::atomic<int> requests{0};
  ChargeService svc(store, dir, plan, requests);
  svc.start();

  WaveResult out;
  for (int i = 1; i <= cfg.clients; ++i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "wave-%03d", i);
    out.intents.push_back(buf);
  }
  std::mutex mu;
  std::vector<long> retry_times;
  std::map<std::string, std::vector<long>> sent_at; // per intent, per attempt
  std::vector<std::thread> threads;
  for (int i = 0; i < cfg.clients; ++i)
    threads.emplace_back([&, i] {
      const std::string &intent = out.intents[i];
      std::vector<AttemptLog> log;
      if (turns.wait_turn(i)) {
        ClientPolicy p = cfg.client;
        p.seed = cfg.client.seed + static_cast<std::uint32_t>(i);
        RetryingClient client(
            p, [&svc] { return svc.endpoint(); }, stop);
        client.set_sleep([&](milliseconds d) { return turns.sleep(i, d); });
        client.set_before_attempt([&](const std::string &, int attempt) {
          std::lock_guard<std::mutex> lock(mu);
          sent_at[intent].push_back(turns.now_ms());
          if (attempt >= 2)
            retry_times.push_back(turns.now_ms());
        });
        client.charge(intent, 1000, log);
      }
      turns.done(i);
      std::lock_guard<std::mutex> lock(mu);
      out.attempts.insert(out.attempts.end(), log.begin(), log.end());
    });
  turns.start();
  for (auto &t : threads)
    t.join();
  svc.stop();
  out.ledger = svc.read_ledger();
  out.requests = requests.load();

  // The last success, from each client's own log and send times.
  long last = 0;
  int succeeded = 0;
  for (const auto &a : out.attempts) {
    const auto &times = sent_at[a.intent];
    if (a.status >= 200 && a.status < 300 && a.attempt >= 1 &&
        a.attempt <= static_cast<int>(times.size())) {
      ++succeeded;
      last = std::max(last, times[a.attempt - 1]);
    }
  }
  out.all_succeeded_ms = succeeded == cfg.clients ? last : -1;
  auto [peak, at] = peak_in_window(retry_times, cfg.slot.count());
  out.peak_retries = peak;
  out.peak_at_ms = at;

  // The waves, as the service saw them: retries per window, busiest first
  // in time order (only windows holding a fifth of the clients or more).
  std::map<long, int> per_slot;
  for (long t : retry_times)
    ++per_slot[t / cfg.slot.count() * cfg.slot.count()];
  std::string waves;
  int shown = 0, big = 0;
  for (const auto &[slot, n] : per_slot)
    if (n * 5 >= cfg.clients) {
      ++big;
      if (shown++ < 8)
        waves += (waves.empty() ? "" : ", ") + std::to_string(n) + " at " +
                 std::to_string(slot) + " ms";
    }
  out.notes.push_back(
      std::to_string(cfg.clients) + " clients, " +
      std::to_string(retry_times.size()) + " retries; " +
      (big == 0 ? std::string("no 10 ms window holds a fifth of the clients")
                : std::to_string(big) + " window(s) hold a fifth or more: " +
                      waves + (big > shown ? ", ..." : "")));
  return out;
}

} // namespace retryprobe
