#include "retryprobe/scenarios.h"

#include "retryprobe/service.h"
#include "retryprobe/waves.h"
#include "retryprobe/workdir.h"
#include "retryprobe/workflow.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <thread>

namespace retryprobe {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

namespace {

// State one scenario run shares between its threads. Held by shared_ptr so
// a scenario abandoned after its deadline cannot outlive it.
struct Ctx {
  std::string dir;
  StopToken stop;
  std::atomic<int> requests{0};
  std::mutex mu;
  std::vector<AttemptLog> attempts;
  std::vector<std::string> notes;
  std::vector<std::string> expected;
  LedgerRead ledger;
  std::vector<Figure> figures;

  void add(const std::vector<AttemptLog> &log) {
    std::lock_guard<std::mutex> lock(mu);
    attempts.insert(attempts.end(), log.begin(), log.end());
  }
  void note(const std::string &n) {
    std::lock_guard<std::mutex> lock(mu);
    notes.push_back(n);
  }
};

// Runs fn(0..n-1) on n threads and rethrows the first failure.
void parallel(int n, const std::function<void(int)> &fn) {
  std::vector<std::thread> threads;
  std::mutex mu;
  std::exception_ptr first;
  for (int i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!first)
          first = std::current_exception();
      }
    });
  for (auto &t : threads)
    t.join();
  if (first)
    std::rethrow_exception(first);
}

// Releases all waiters at once so duplicates reach the service together.
class StartGate {
public:
  explicit StartGate(int n) : left_(n) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mu_);
    if (--left_ == 0)
      cv_.notify_all();
    else
      cv_.wait_for(lock, 2s, [this] { return left_ == 0; });
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  int left_;
};

std::vector<std::string> orders(int n) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "ord-%03d", i);
    out.push_back(buf);
  }
  return out;
}

// The per-attempt timeout of every client whose scenario does not want a
// timeout: only a hung service reaches it, so a stalled fsync or a slow
// thread start on a loaded or sanitized machine cannot turn a reply into an
// ambiguous failure (and a retry) and change the reading.
constexpr milliseconds kHangTimeout{10000};

// The common shape: one service, one client per intent.
struct Simple {
  StoreConfig store;
  FaultSpec fault;
  ClientPolicy client;
  std::vector<std::string> intents = orders(3);
  long amount = 1000;
  bool sequential = false; // intents one after another (order matters)
  // Each intent's second attempt (or look-up) waits until its first one
  // has been committed: see post_timeout().
  bool retry_after_commit = false;
};

void run_simple(Ctx &c, const Simple &s) {
  FaultPlan plan(s.fault);
  ChargeService svc(s.store, c.dir, plan, c.requests);
  svc.start();
  c.expected = s.intents;
  auto one = [&](int i) {
    RetryingClient client(
        s.client, [&svc] { return svc.endpoint(); }, c.stop);
    if (s.retry_after_commit)
      client.set_after_attempt([&](const std::string &intent, int attempt) {
        if (attempt == 1 && !svc.wait_for_charge(intent, kHangTimeout))
          c.note(intent + ": no charge committed " +
                 std::to_string(kHangTimeout.count()) + " ms after attempt 1");
      });
    std::vector<AttemptLog> log;
    client.charge(s.intents[i], s.amount, log);
    c.add(log);
  };
  if (s.sequential)
    for (int i = 0; i < static_cast<int>(s.intents.size()); ++i)
      one(i);
  else
    parallel(static_cast<int>(s.intents.size()), one);
  svc.stop();
  c.ledger = svc.read_ledger();
}

ClientPolicy base_client(KeyStrategy key) {
  ClientPolicy p;
  p.attempts = 2;
  p.backoff = BackoffKind::fixed;
  p.base = 20ms;
  p.timeout = kHangTimeout;
  p.key = key;
  return p;
}

FaultSpec fault(FaultKind k, int on_arrival = 1) {
  FaultSpec f;
  f.kind = k;
  f.on_arrival = on_arrival;
  return f;
}

StoreConfig store(Policy p) {
  StoreConfig s;
  s.policy = p;
  return s;
}

std::function<void(Ctx &)> simple(Simple s) {
  return [s](Ctx &c) { run_simple(c, s); };
}

// The slow reply outlives the client's per-attempt timeout.
Simple post_timeout(Policy p, KeyStrategy key) {
  Simple s;
  s.store = store(p);
  s.fault = fault(FaultKind::post_commit_slow);
  // Neither order is left to the clock: the reply is held until the
  // service stops (long after the client gave up; stopping cuts the delay
  // short, so it costs nothing), and the retry (or look-up) waits for the
  // commit, which a slow machine could otherwise make later than the
  // client's 500 ms.
  s.fault.slow_reply = kHangTimeout;
  s.client = base_client(key);
  s.client.timeout = 500ms;
  s.retry_after_commit = true;
  return s;
}

// Concurrent duplicates per round of the race scenarios.
constexpr int kDuplicates = 2;

void run_race(Ctx &c, Policy p) {
  StoreConfig st = store(p);
  // key_racy holds every duplicate of a round at a barrier between look-up
  // and record, so all of them miss the record whatever the scheduling.
  // The window is only the fallback for a duplicate that never comes; the
  // client waits longer than it, so a slow round is still a race, not a
  // timeout.
  st.racy_group = kDuplicates;
  st.racy_window = kHangTimeout / 2;
  FaultPlan plan(fault(FaultKind::none));
  ChargeService svc(st, c.dir, plan, c.requests);
  svc.start();
  ClientPolicy cp = base_client(KeyStrategy::stable);
  cp.attempts = 1;
  cp.timeout = kHangTimeout;
  for (const auto &intent : orders(10)) {
    c.expected.push_back(intent);
    StartGate gate(kDuplicates);
    parallel(kDuplicates, [&](int) {
      RetryingClient client(
          cp, [&svc] { return svc.endpoint(); }, c.stop);
      std::vector<AttemptLog> log;
      gate.arrive_and_wait();
      client.charge(intent, 1000, log);
      c.add(log);
    });
  }
  svc.stop();
  c.ledger = svc.read_ledger();
}

void run_restart(Ctx &c, Policy p) {
  FaultPlan plan(fault(FaultKind::post_commit_drop));
  ChargeService svc(store(p), c.dir, plan, c.requests);
  svc.start();
  c.expected = {"ord-001"};
  RetryingClient client(
      base_client(KeyStrategy::stable), [&svc] { return svc.endpoint(); },
      c.stop);
  client.set_before_attempt([&](const std::string &, int attempt) {
    if (attempt == 2) {
      svc.restart();
      c.note(
          "service restarted before attempt 2 (key records: " +
          std::string(p == Policy::durable ? "SQLite, kept" : "memory, lost") +
          ")");
    }
  });
  std::vector<AttemptLog> log;
  client.charge("ord-001", 1000, log);
  c.add(log);
  svc.stop();
  c.ledger = svc.read_ledger();
}

// client -> gateway -> service -> failing downstream, each layer with the
// same attempt cap; `all_layers` false leaves only the client retrying.
void run_layered(Ctx &c, bool all_layers) {
  FaultPlan plan(fault(FaultKind::pre_commit, /*every arrival*/ 0));
  ChargeService downstream(store(Policy::naive), c.dir, plan, c.requests);
  downstream.start();
  ClientPolicy layer;
  layer.attempts = all_layers ? 3 : 1;
  layer.backoff = BackoffKind::none;
  layer.timeout = kHangTimeout;
  RelayService service("service", layer, downstream.endpoint(), c.stop);
  service.start();
  RelayService gateway("gateway", layer, service.endpoint(), c.stop);
  gateway.start();
  ClientPolicy outer = layer;
  outer.attempts = 3;
  c.expected = {"ord-001"};
  RetryingClient client(
      outer, [&gateway] { return gateway.endpoint(); }, c.stop);
  std::vector<AttemptLog> log;
  client.charge("ord-001", 1000, log);
  c.add(log);
  gateway.stop();
  service.stop();
  downstream.stop();
  c.note("client sent " + std::to_string(log.size()) + ", gateway received " +
         std::to_string(gateway.received()) + ", service received " +
         std::to_string(service.received()) + ", downstream received " +
         std::to_string(c.requests.load()));
  c.ledger = downstream.read_ledger();
}

// Requests sent during a fixed outage window. The service stays down for
// longer than the window, so the window alone bounds the unbounded client.
constexpr milliseconds kOutageWindow{300};
// unbounded_outage's claim: at least this many requests in the window.
constexpr int kUnboundedAtLeast = 10;

void run_outage(Ctx &c, bool budgeted) {
  FaultSpec f = fault(FaultKind::outage);
  f.window = 60s;
  FaultPlan plan(f);
  ChargeService svc(store(Policy::naive), c.dir, plan, c.requests);
  svc.start();
  ClientPolicy cp;
  cp.timeout = kHangTimeout;
  cp.key = KeyStrategy::stable;
  if (budgeted) {
    cp.attempts = 5;
    cp.backoff = BackoffKind::exponential;
    cp.base = 10ms;
    cp.cap = 80ms;
    cp.jitter = true;
  } else {
    cp.attempts = 0; // no cap
    cp.backoff = BackoffKind::none;
  }
  c.expected = {"ord-001"};
  // The window bounds the unbounded client; the budgeted one stops on its
  // own (that is the point), so it is not cut off by a slow machine.
  StopToken window_end;
  const StopToken &client_stop = budgeted ? c.stop : window_end;
  std::vector<AttemptLog> log;
  std::thread t([&] {
    RetryingClient client(
        cp, [&svc] { return svc.endpoint(); }, client_stop);
    client.charge("ord-001", 1000, log);
  });
  // The unbounded client's window also lasts until the claim's count has
  // arrived: a client that never stops on its own always gets there, one
  // that does is still caught (after kHangTimeout), and the bound no longer
  // depends on how many requests a slow machine fits into 300 ms (a loaded
  // ThreadSanitizer build: about 20). The count above it still does.
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto open = [&] {
    auto now = Clock::now();
    return now < start + kOutageWindow ||
           (!budgeted && c.requests.load() < kUnboundedAtLeast &&
            now < start + kHangTimeout);
  };
  // Ends the window early only if the whole scenario is being stopped.
  while (open() && !c.stop.stop_requested()) {
    Clock::duration left = start + kOutageWindow - Clock::now();
    c.stop.sleep_for(left > 0ms ? std::min<Clock::duration>(left, 10ms)
                                : Clock::duration(10ms));
  }
  window_end.request_stop();
  t.join();
  svc.stop();
  constexpr std::size_t keep = 20;
  if (log.size() > keep) {
    c.note(std::to_string(log.size() - keep) +
           " further attempts not logged (all like the last one shown)");
    log.resize(keep);
  }
  c.add(log);
  c.ledger = svc.read_ledger();
}

void run_retry_after(Ctx &c, bool honor) {
  FaultSpec f = fault(FaultKind::throttle);
  f.window = 1000ms;
  f.retry_after_s = 1;
  Simple s;
  s.store = store(Policy::naive);
  s.fault = f;
  s.client = base_client(KeyStrategy::stable);
  s.client.attempts = 3;
  s.client.base = 100ms;
  s.client.honor_retry_after = honor;
  s.intents = {"ord-001"};
  run_simple(c, s);
}

// What a wave scenario claims beyond the reconciliation: exact for the
// synchronized clients (every retry a wave of all 50), bounds for the
// jittered ones (their exact values repeat too, seeded, but the point is
// that they stay far below the waves).
struct WaveClaim {
  long peak;
  const char *peak_relation;
  long all_succeeded_ms;
  const char *all_succeeded_relation;
};

// 50 clients fail together against a service that is down for 1 s and then
// admits 10 requests per 10 ms (waves.h). Judged on a virtual clock, so the
// numbers are the backoff schedule's, on any machine.
void run_waves(Ctx &c, BackoffKind backoff, bool jitter, WaveClaim claim) {
  WaveConfig w;
  w.client.attempts = 20;
  w.client.backoff = backoff;
  w.client.base = backoff == BackoffKind::fixed ? 200ms : 100ms;
  w.client.cap = 1600ms;
  w.client.jitter = jitter;
  w.client.timeout = kHangTimeout;
  w.client.key = KeyStrategy::stable;
  WaveResult r = run_wave(w, c.dir, c.stop);
  c.expected = r.intents;
  c.add(r.attempts);
  c.ledger = r.ledger;
  c.requests.store(r.requests);
  for (const auto &n : r.notes)
    c.note(n);
  c.note("busiest 10 ms of retries starts at " + std::to_string(r.peak_at_ms) +
         " ms");
  Figure peak;
  peak.name = "peak_retries_10ms";
  peak.label = "peak retries in 10 ms";
  peak.measured = r.peak_retries;
  peak.claim = claim.peak;
  peak.relation = claim.peak_relation;
  Figure done;
  done.name = "all_succeeded_ms";
  done.label = "all succeeded after";
  done.measured = r.all_succeeded_ms;
  done.claim = claim.all_succeeded_ms;
  done.relation = claim.all_succeeded_relation;
  done.unit = "ms";
  c.figures = {peak, done};
}

// An agent/workflow run of three charges (ord-001..003) resumed from a
// SQLite checkpoint against a key-atomic service. Execution 1 records the
// intents, runs the charges in order and crashes when the reply to the
// third is lost after its commit; a second worker replays the run from the
// checkpoint. With `fork`, the run is then forked as run-2 and executed.
void run_replay(Ctx &c, CheckpointKind kind, bool fork) {
  FaultSpec f = fault(FaultKind::post_commit_drop);
  f.on_request = 3;
  FaultPlan plan(f);
  ChargeService svc(store(Policy::key_atomic), c.dir, plan, c.requests);
  svc.start();
  const std::string path = c.dir + "/checkpoint.sqlite";
  std::vector<WorkflowAction> actions;
  for (const auto &o : orders(3))
    actions.push_back(WorkflowAction{"charge", o, 1000});
  auto expect = [&](const std::string &run) {
    for (const auto &a : actions)
      c.expected.push_back(workflow_intent(run, a));
  };
  auto describe = [](const ResumeResult &r) {
    std::string s = std::to_string(r.executed) + " charge(s) answered";
    if (r.skipped)
      s += ", " + std::to_string(r.skipped) + " skipped (fact recorded)";
    return r.crashed ? s + ", crashed on " + r.crashed_on +
                           " (reply lost after commit)"
                     : s;
  };
  auto execute = [&](const std::string &run, int execution) {
    std::vector<AttemptLog> log;
    // Each execution is a fresh worker: nothing survives a crash but the
    // checkpoint file and the service.
    WorkflowWorker w(path, kind, svc.endpoint(), execution, c.stop);
    ResumeResult r = w.resume(run, log);
    c.add(log);
    return r;
  };

  Checkpoint(path, kind).record_intents("run-1", actions);
  expect("run-1");
  c.note("run-1 execution 1: " + describe(execute("run-1", 1)));
  c.note("run-1 replay from the checkpoint: " + describe(execute("run-1", 2)));
  if (fork) {
    Checkpoint(path, kind).fork("run-1", "run-2");
    expect("run-2");
    c.note("run-2 (fork of run-1) execution 1: " +
           describe(execute("run-2", 1)));
  }
  if (kind == CheckpointKind::intent_and_fact) {
    Checkpoint cp(path, kind);
    c.note("checkpoint facts: run-1 " + std::to_string(cp.fact_count("run-1")) +
           (fork ? ", run-2 " + std::to_string(cp.fact_count("run-2")) : ""));
  }
  svc.stop();
  c.ledger = svc.read_ledger();
}

struct Def {
  ScenarioInfo info;
  std::function<void(Ctx &)> run;
  milliseconds deadline{15000};
  // Keeps the CPU busy on purpose (a no-backoff loop), so it runs after the
  // others instead of starving their millisecond-scale races and timeouts.
  bool exclusive = false;
};

Reconciliation claim(int req, int charged, int uniq, int dup, int lost) {
  Reconciliation r;
  r.requests = req;
  r.committed = charged;
  r.distinct_intents = uniq;
  r.duplicates = dup;
  r.lost = lost;
  return r;
}

ScenarioInfo info(std::string name, std::string summary, Reconciliation c,
                  std::string policy, std::string key, std::string fault_desc,
                  bool core, std::string demonstrates) {
  ScenarioInfo i;
  i.name = std::move(name);
  i.summary = std::move(summary);
  i.claim = c;
  i.policy = std::move(policy);
  i.key = std::move(key);
  i.fault = std::move(fault_desc);
  i.core = core;
  i.demonstrates = std::move(demonstrates);
  return i;
}

const std::vector<Def> &registry() {
  static const std::vector<Def> defs = [] {
    std::vector<Def> d;
    auto add = [&](ScenarioInfo i, std::function<void(Ctx &)> run) {
      d.push_back(Def{std::move(i), std::move(run)});
    };
    Simple s;

    s = Simple{};
    s.store = store(Policy::naive);
    s.fault = fault(FaultKind::pre_commit);
    s.client = base_client(KeyStrategy::none);
    add(info("pre_fail_naive", "503 before commit, blind retry",
             claim(6, 3, 3, 0, 0), "naive", "none", "pre_commit@1", true,
             "a failure the server reports before committing is safe to "
             "retry even without a key"),
        simple(s));

    s.fault = fault(FaultKind::post_commit_drop);
    add(info("post_drop_naive", "reply lost after commit, blind retry",
             claim(6, 6, 3, 3, 0), "naive", "none", "post_commit_drop@1", true,
             "retrying an ambiguous failure without a key charges twice"),
        simple(s));

    s.store = store(Policy::key_atomic);
    s.client = base_client(KeyStrategy::stable);
    add(info("post_drop_key_atomic",
             "reply lost after commit, stable key, atomic store",
             claim(6, 3, 3, 0, 0), "key_atomic", "stable", "post_commit_drop@1",
             true,
             "a key derived from the intent turns the retry into a replay"),
        simple(s));

    s.client = base_client(KeyStrategy::per_attempt);
    add(info("post_drop_key_per_attempt",
             "reply lost after commit, new key per attempt",
             claim(6, 6, 3, 3, 0), "key_atomic", "per_attempt",
             "post_commit_drop@1", true,
             "a key minted per attempt de-duplicates nothing"),
        simple(s));

    s = Simple{};
    s.store = store(Policy::content_hash);
    s.fault = fault(FaultKind::none);
    s.client = base_client(KeyStrategy::stable);
    s.intents = orders(2);
    s.sequential = true;
    add(info("content_hash_two_orders",
             "two real orders of equal amount, de-dup by content hash",
             claim(2, 1, 1, 0, 1), "content_hash", "stable", "none", true,
             "a key derived from content swallows a second, real order"),
        simple(s));

    add(info("race_racy", "2 concurrent duplicates x 10 rounds, check-then-act",
             claim(20, 20, 10, 10, 0), "key_racy(barrier)", "stable",
             "none (concurrent duplicates)", true,
             "look-up and record in two steps let both duplicates through"),
        [](Ctx &c) { run_race(c, Policy::key_racy); });
    add(info("race_atomic", "2 concurrent duplicates x 10 rounds, atomic claim",
             claim(20, 10, 10, 0, 0), "key_atomic", "stable",
             "none (concurrent duplicates)", true,
             "look-up and record in one critical section admit one"),
        [](Ctx &c) { run_race(c, Policy::key_atomic); });

    s = Simple{};
    s.store = store(Policy::naive);
    s.fault = fault(FaultKind::pre_commit);
    s.client = base_client(KeyStrategy::stable);
    s.client.attempts = 1;
    add(info("at_most_once", "503 before commit, client never retries",
             claim(3, 0, 0, 0, 3), "naive", "stable", "pre_commit@1, 1 attempt",
             true,
             "not retrying at all loses every order a transient fault hits"),
        simple(s));

    s = Simple{};
    s.store = store(Policy::key_ttl);
    s.store.ttl = 100ms;
    s.fault = fault(FaultKind::post_commit_drop);
    s.client = base_client(KeyStrategy::stable);
    s.client.base = 350ms;
    add(info("ttl_shorter_than_backoff", "key TTL 0.1 s, backoff 0.35 s",
             claim(6, 6, 3, 3, 0), "key_ttl(100ms)", "stable",
             "post_commit_drop@1, backoff 350ms", true,
             "a de-dup window shorter than the retry span forgets the key"),
        simple(s));

    add(info("restart_store_lost",
             "commit, drop, restart, retry; keys in memory",
             claim(2, 2, 1, 1, 0), "key_atomic(memory)", "stable",
             "post_commit_drop@1, restart", true,
             "a restart forgets in-memory keys whose charges were committed"),
        [](Ctx &c) { run_restart(c, Policy::key_atomic); });

    // Derived scenarios.
    add(info("post_timeout_naive", "reply slower than the client timeout",
             claim(6, 6, 3, 3, 0), "naive", "none",
             "post_commit_slow@1, 10s > 500ms", false,
             "a timeout is ambiguous: the charge committed, the retry "
             "charges again"),
        simple(post_timeout(Policy::naive, KeyStrategy::none)));
    add(info("post_timeout_key_atomic",
             "reply slower than the client timeout, stable key",
             claim(6, 3, 3, 0, 0), "key_atomic", "stable",
             "post_commit_slow@1, 10s > 500ms", false,
             "the key makes the retry after a timeout a replay"),
        simple(post_timeout(Policy::key_atomic, KeyStrategy::stable)));
    add(info("restart_store_durable",
             "commit, drop, restart, retry; keys in SQLite",
             claim(2, 1, 1, 0, 0), "durable", "stable",
             "post_commit_drop@1, restart", false,
             "key row and ledger row in one transaction survive a restart"),
        [](Ctx &c) { run_restart(c, Policy::durable); });
    add(info("layered_amplification",
             "client x gateway x service, 3 attempts each, failing downstream",
             claim(27, 0, 0, 0, 1), "naive", "none", "pre_commit@every", false,
             "nested retry layers multiply: 3 x 3 x 3 = 27 downstream "
             "requests"),
        [](Ctx &c) { run_layered(c, true); });
    add(info("layered_single",
             "same stack, only the client retries (3 attempts)",
             claim(3, 0, 0, 0, 1), "naive", "none", "pre_commit@every", false,
             "retrying at one layer keeps the downstream load at 3"),
        [](Ctx &c) { run_layered(c, false); });

    s = post_timeout(Policy::naive, KeyStrategy::none);
    s.client.query_before_retry = true;
    add(info("query_before_retry",
             "timeout after commit, no key, look up before re-sending",
             claim(3, 3, 3, 0, 0), "naive", "none",
             "post_commit_slow@1, 10s > 500ms", false,
             "asking the authoritative state first avoids the duplicate"),
        simple(s));

    s = Simple{};
    s.store = store(Policy::naive);
    s.fault = fault(FaultKind::client_error, 0);
    s.client = base_client(KeyStrategy::stable);
    s.client.attempts = 3;
    s.client.base = 10ms;
    s.client.retry_client_errors = true;
    add(info("client_error_retry", "permanent 422 retried 3 times",
             claim(9, 0, 0, 0, 3), "naive", "stable", "client_error@every",
             false,
             "retrying a 4xx triples the requests and still loses every "
             "order"),
        simple(s));
    s.client.retry_client_errors = false;
    add(info("client_error_final", "permanent 422 treated as final",
             claim(3, 0, 0, 0, 3), "naive", "stable", "client_error@every",
             false, "classifying 4xx as final sends one request per order"),
        simple(s));

    ScenarioInfo unb =
        info("unbounded_outage", "no cap, no backoff, 300 ms of outage",
             claim(kUnboundedAtLeast, 0, 0, 0, 1), "naive", "stable",
             "outage 300ms window", false,
             "a retry loop with no budget floods a dependency that is down");
    unb.requests_at_least = true;
    add(unb, [](Ctx &c) { run_outage(c, false); });
    d.back().exclusive = true;
    add(info("budgeted_outage",
             "5 attempts, capped exponential backoff with jitter, 300 ms "
             "outage",
             claim(5, 0, 0, 0, 1), "naive", "stable", "outage 300ms window",
             false,
             "a capped, jittered budget sends 5 requests in the same "
             "window"),
        [](Ctx &c) { run_outage(c, true); });
    add(info("retry_after_ignored",
             "429 Retry-After: 1, client retries every 100 ms",
             claim(3, 0, 0, 0, 1), "naive", "stable", "throttle 1000ms", false,
             "ignoring Retry-After burns the attempts inside the throttle "
             "window and loses the order"),
        [](Ctx &c) { run_retry_after(c, false); });
    add(info("retry_after_honored", "429 Retry-After: 1, client waits as told",
             claim(2, 1, 1, 0, 0), "naive", "stable", "throttle 1000ms", false,
             "honoring Retry-After succeeds on the second request"),
        [](Ctx &c) { run_retry_after(c, true); });

    // Synchronized retry waves: the same outage, backoff with and without
    // jitter.
    add(info("wave_fixed_no_jitter",
             "50 clients, fixed 200 ms backoff, no jitter, 1 s outage then "
             "10 per 10 ms",
             claim(400, 50, 50, 0, 0), "key_atomic", "stable",
             "outage 1000ms, then 10 per 10ms", false,
             "clients that failed together and wait the same time retry "
             "together: every retry is a wave of all 50"),
        [](Ctx &c) {
          run_waves(c, BackoffKind::fixed, false, {50, "==", 1800, "=="});
        });
    add(info("wave_fixed_full_jitter",
             "50 clients, fixed 200 ms backoff with full jitter, 1 s outage "
             "then 10 per 10 ms",
             claim(573, 50, 50, 0, 0), "key_atomic", "stable",
             "outage 1000ms, then 10 per 10ms", false,
             "jitter on the same fixed wait spreads the retries: no wave"),
        [](Ctx &c) {
          run_waves(c, BackoffKind::fixed, true, {15, "<=", 1500, "<="});
        });
    add(info("wave_exponential_no_jitter",
             "50 clients, exponential backoff 100 ms doubling to 1.6 s, no "
             "jitter, 1 s outage then 10 per 10 ms",
             claim(350, 50, 50, 0, 0), "key_atomic", "stable",
             "outage 1000ms, then 10 per 10ms", false,
             "exponential growth spaces the waves out but keeps them "
             "synchronized: each wave overruns the recovered capacity"),
        [](Ctx &c) {
          run_waves(c, BackoffKind::exponential, false, {50, "==", 7900, "=="});
        });
    add(info("wave_exponential_full_jitter",
             "50 clients, exponential backoff 100 ms doubling to 1.6 s, full "
             "jitter, 1 s outage then 10 per 10 ms",
             claim(299, 50, 50, 0, 0), "key_atomic", "stable",
             "outage 1000ms, then 10 per 10ms", false,
             "full jitter spreads the same retries: no wave, and the "
             "recovered service takes them as they come"),
        [](Ctx &c) {
          run_waves(c, BackoffKind::exponential, true, {15, "<=", 2500, "<="});
        });

    // Agent and workflow runtimes that resume from checkpoints.
    add(info("replay_intent_only",
             "crash after a commit, replay from a checkpoint of intents only",
             claim(6, 6, 3, 3, 0), "key_atomic", "per_call",
             "post_commit_drop@request:3", false,
             "a checkpoint without the side effects' outcomes replays all of "
             "them, under new call ids: every charge twice"),
        [](Ctx &c) { run_replay(c, CheckpointKind::intent_only, false); });
    add(info("replay_intent_and_fact",
             "crash after a commit, replay from a checkpoint of intents, "
             "keys and facts",
             claim(4, 3, 3, 0, 0), "key_atomic", "run+act+key",
             "post_commit_drop@request:3", false,
             "facts keyed by run id, action type and key let the replay skip "
             "done work; the persisted key makes the in-flight one a replay"),
        [](Ctx &c) { run_replay(c, CheckpointKind::intent_and_fact, false); });
    add(info("fork_new_run_id",
             "replay of run-1, then a fork as run-2 from its checkpoint",
             claim(7, 6, 6, 0, 0), "key_atomic", "run+act+key",
             "post_commit_drop@request:3, fork", false,
             "a replay keeps the run's keys (no duplicate); a fork under a new "
             "run id derives new ones and charges anew, as intended"),
        [](Ctx &c) { run_replay(c, CheckpointKind::intent_and_fact, true); });
    return d;
  }();
  return defs;
}

const Def *find_def(const std::string &name) {
  for (const auto &d : registry())
    if (d.info.name == name)
      return &d;
  return nullptr;
}

std::string make_work_dir(const RunOptions &opts, const std::string &leaf,
                          bool &temporary) {
  temporary = opts.work_dir.empty();
  std::error_code ec;
  if (temporary)
    return make_temp_dir();
  fs::path dir = fs::path(opts.work_dir) / leaf;
  fs::remove_all(dir, ec); // a previous run's ledger would skew the count
  fs::create_directories(dir, ec);
  if (ec)
    throw PreconditionError("ledger directory " + dir.string() +
                            " not writable: " + ec.message());
  return dir.string();
}

Reading run_in(const Def &def, const RunOptions &opts,
               const std::string &leaf) {
  Reading r;
  r.scenario = def.info.name;
  r.claim = def.info.claim;
  r.requests_at_least = def.info.requests_at_least;
  r.policy = def.info.policy;
  r.key = def.info.key;
  r.fault = def.info.fault;
  r.summary = def.info.summary;
  r.demonstrates = def.info.demonstrates;
  auto t0 = std::chrono::steady_clock::now();
  auto finish = [&] {
    r.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    r.matches = r.error.empty() &&
                claim_matches(r.claim, r.measured, r.requests_at_least) &&
                std::all_of(r.figures.begin(), r.figures.end(),
                            [](const Figure &f) { return f.holds(); });
    return r;
  };

  bool temporary = false;
  auto ctx = std::make_shared<Ctx>();
  auto cleanup = [&] {
    if (temporary)
      remove_temp_dir(ctx->dir);
  };
  try {
    ctx->dir = make_work_dir(opts, leaf, temporary);
  } catch (const std::exception &e) {
    r.error = e.what();
    r.error_kind = "precondition";
    return finish();
  }

  // The body runs on its own thread so a hang becomes a message, not a
  // stuck probe.
  auto done = std::make_shared<std::promise<std::pair<std::string, bool>>>();
  auto fut = done->get_future();
  std::thread worker([ctx, &def, done] {
    try {
      def.run(*ctx);
      done->set_value({"", false});
    } catch (const PreconditionError &e) {
      done->set_value({e.what(), true});
    } catch (const std::exception &e) {
      done->set_value({e.what(), false});
    } catch (...) {
      done->set_value({"unknown exception", false});
    }
  });
  if (fut.wait_for(def.deadline) != std::future_status::ready) {
    ctx->stop.request_stop();
    if (fut.wait_for(5s) != std::future_status::ready) {
      worker.detach(); // ctx is shared, so the straggler stays memory-safe
      r.error = "scenario hung: no result " +
                std::to_string(def.deadline.count()) +
                " ms after start, and it did not stop when asked";
      r.error_kind = "hang";
      cleanup();
      return finish();
    }
    worker.join();
    r.error = "scenario exceeded its deadline of " +
              std::to_string(def.deadline.count()) + " ms and was stopped";
    r.error_kind = "hang";
    cleanup();
    return finish();
  }
  worker.join();
  auto [err, precondition] = fut.get();
  if (!err.empty()) {
    r.error = err;
    r.error_kind = precondition ? "precondition" : "internal";
  }

  r.measured =
      reconcile(ctx->ledger.entries, ctx->expected, ctx->requests.load());
  r.attempts = ctx->attempts;
  std::sort(r.attempts.begin(), r.attempts.end());
  r.ledger_lines = ctx->ledger.lines;
  std::sort(r.ledger_lines.begin(), r.ledger_lines.end());
  r.notes = ctx->notes;
  r.figures = ctx->figures;
  if (ctx->ledger.torn_last_line)
    r.notes.push_back("ledger: torn last line: " + ctx->ledger.torn_text);
  if (ctx->ledger.corrupt_lines)
    r.notes.push_back("ledger: " + std::to_string(ctx->ledger.corrupt_lines) +
                      " corrupt line(s)");
  cleanup();
  return finish();
}

} // namespace

std::vector<ScenarioInfo> list_scenarios() {
  std::vector<ScenarioInfo> out;
  for (const auto &d : registry())
    out.push_back(d.info);
  return out;
}

std::optional<ScenarioInfo> find_scenario(const std::string &name) {
  if (const Def *d = find_def(name))
    return d->info;
  return std::nullopt;
}

Reading run_scenario(const std::string &name, const RunOptions &opts) {
  const Def *d = find_def(name);
  if (!d) {
    Reading r;
    r.scenario = name;
    r.error = "unknown scenario '" + name + "'";
    r.error_kind = "unknown";
    return r;
  }
  return run_in(*d, opts, name);
}

std::vector<Reading> run_scenarios(const std::vector<std::string> &names,
                                   const RunOptions &opts) {
  std::vector<Reading> out(names.size());
  std::map<std::string, int> seen;
  std::vector<std::string> leaves;
  for (const auto &n : names) {
    int k = ++seen[n];
    leaves.push_back(k == 1 ? n : n + "." + std::to_string(k));
  }
  auto run_phase = [&](bool exclusive) {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const Def *d = find_def(names[i]);
      if ((d && d->exclusive) != exclusive)
        continue;
      threads.emplace_back([&, i, d] {
        out[i] = d ? run_in(*d, opts, leaves[i]) : run_scenario(names[i], opts);
      });
    }
    for (auto &t : threads)
      t.join();
  };
  run_phase(false);
  run_phase(true);
  return out;
}

} // namespace retryprobe
