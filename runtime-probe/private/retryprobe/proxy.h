// An HTTP/1.1 fault proxy in front of the user's own service (`retry-probe
// proxy`): forwards requests unchanged, injects the same faults as the
// reference service at the same phases, and writes one fsync'd request
// record per request to a JSONL ledger (docs/probe.md, "Measure your own
// client / service").
#pragma once

#include "retryprobe/faults.h"
#include "retryprobe/http.h"
#include "retryprobe/ledger.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace retryprobe {

// "HOST:PORT" or "[V6]:PORT" resolved to a numeric address. Throws
// std::invalid_argument for a malformed spec and PreconditionError when the
// host does not resolve.
Endpoint resolve_upstream(const std::string &host_port);

struct ProxyOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 0;
  Endpoint upstream; // numeric, see resolve_upstream
  // Body fields recorded with every request (`body_fields`), for a
  // request's intent: its Idempotency-Key header when present, else the
  // first of these present in a JSON body, else "body:" + its digest.
  std::vector<std::string> intent_fields = {"intent"};
  // Bounds reading one request; a kept-alive connection idles 3x as long.
  std::chrono::milliseconds read_timeout{10000};
  // Bounds one upstream exchange: connect, write and read together.
  std::chrono::milliseconds upstream_timeout{30000};
  std::uint64_t body_limit = 64ull << 20; // per request and per reply
  // Every record is written before the reply leaves. true: and fsync'd
  // before it, as serve's are; false: fsync'd by a background thread right
  // after (a crash of the proxy loses no record, a crash of the machine may
  // lose the last few).
  bool fsync_before_reply = true;
};

struct ProxyCounts {
  int requests = 0;     // answered or dropped, each with a record
  int forwarded = 0;    // sent upstream
  int bad_requests = 0; // garbage, cut short mid-request, too large
  int unrecorded = 0;   // records the ledger refused (a full disk)
};

// Faults apply to requests with an unsafe method (not GET, HEAD, OPTIONS or
// TRACE), counted per intent like the service's: pre_commit, outage,
// client_error and throttle answer without forwarding (503, 503 +
// Retry-After, 422, 429 + Retry-After); post_commit_drop forwards, waits for
// the upstream's reply and closes the client's connection without it;
// post_commit_slow forwards and delays the reply. The proxy never re-sends a
// request: an upstream that refuses, fails or times out is answered 502 or
// 504 and recorded.
class FaultProxy {
public:
  FaultProxy(ProxyOptions options, FaultPlan &faults, JsonlLedger &ledger);
  ~FaultProxy();
  FaultProxy(const FaultProxy &) = delete;
  FaultProxy &operator=(const FaultProxy &) = delete;

  void start(); // binds; throws PreconditionError
  // Bounded: cuts live client and upstream connections, joins workers.
  void stop();
  unsigned short port() const { return tcp_.port(); }
  ProxyCounts counts() const;

private:
  void serve(int fd);
  // Writes `rec`; on failure says so once and refuses to forward until a
  // record can be written again.
  void record(const std::string &rec, bool sync);
  void sync_loop();

  ProxyOptions options_;
  FaultPlan &faults_;
  JsonlLedger &ledger_;
  std::atomic<long> seq_{0};
  std::atomic<int> forwarded_{0}, bad_requests_{0}, unrecorded_{0};
  // After a failed record write nothing is forwarded (503) until a record
  // can be written again, so no side effect goes unrecorded.
  std::atomic<bool> ledger_failed_{false};
  std::thread syncer_; // --fsync after-reply only
  std::mutex sync_mu_;
  std::condition_variable sync_cv_;
  bool dirty_ = false, stop_sync_ = false;
  TcpServer tcp_;
};

} // namespace retryprobe
