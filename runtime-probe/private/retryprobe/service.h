// The reference charge service and a retrying relay (for nested layers).
#pragma once

#include "retryprobe/client.h"
#include "retryprobe/faults.h"
#include "retryprobe/http.h"
#include "retryprobe/stores.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace retryprobe {

// How `retry-probe serve` opens the service to a user's own client. In this
// mode every request it answers also leaves a request record in the ledger
// (docs/probe.md, "Measure your own client / service").
struct OpenService {
  std::string address = "127.0.0.1";
  unsigned short port = 0;
  // Every POST is a charge, whatever its path and body. Its intent is the
  // body's `intent_field` (a string or number) when present, else
  // "body:" + the first 16 hex digits of SHA-256 over path and body.
  std::string intent_field = "intent";
  // Bounds reading one request; a kept-alive connection idles 3x as long.
  std::chrono::milliseconds read_timeout{10000};
};

// POST /charges {intent, amount} [+ Idempotency-Key]; GET /charges?intent=X.
class ChargeService {
public:
  // Serve mode (before start()): any POST path and body shape.
  void open(OpenService o) { open_ = std::move(o); }
  // `requests` counts POST arrivals across restarts (owned by the caller).
  ChargeService(StoreConfig cfg, std::string dir, FaultPlan &faults,
                std::atomic<int> &requests);
  void start(); // opens the backend, binds loopback; throws PreconditionError
  void stop();
  // Stop, drop all in-memory state, start again on a fresh port.
  void restart();
  Endpoint endpoint() const;
  LedgerRead read_ledger();
  // Waits until this service has committed a charge for `intent`, at most
  // `timeout`; false when it has not. Lets a scenario order an event after
  // a commit without guessing how long the commit takes.
  bool wait_for_charge(const std::string &intent,
                       std::chrono::milliseconds timeout);

private:
  // What serve's request record says beyond the request and the reply.
  struct RequestNote {
    std::string intent;
    std::string fault = "none";
    bool charged = false, replay = false;
    bool ledger_failed = false; // said on stderr already
  };
  HttpReply handle(const HttpRequestView &req);
  HttpReply post_charge(const HttpRequestView &req, RequestNote *note);
  HttpReply commit_with_faults(const ChargeRequest &cr, RequestNote *note);
  HttpReply get_charges(const HttpRequestView &req);
  void log_request(const HttpRequestView &req, const HttpReply &reply,
                   const RequestNote &note);

  StoreConfig cfg_;
  std::string dir_;
  FaultPlan &faults_;
  std::atomic<int> &requests_;
  std::unique_ptr<ChargeBackend> backend_;
  std::unique_ptr<HttpServer> server_;
  std::optional<OpenService> open_;
  std::atomic<long> request_seq_{0};
  std::atomic<bool> record_error_told_{false};
  std::mutex charged_mu_;
  std::condition_variable charged_cv_;
  std::set<std::string> charged_; // intents with a committed charge
};

// Forwards POST /charges to an upstream with its own retry policy and
// answers with the last upstream status: one layer of a retry stack.
class RelayService {
public:
  RelayService(std::string name, ClientPolicy policy, Endpoint upstream,
               StopToken &stop);
  void start();
  void stop();
  Endpoint endpoint() const;
  int received() const { return received_.load(); }

private:
  std::string name_;
  ClientPolicy policy_;
  Endpoint upstream_;
  StopToken &stop_;
  std::atomic<int> received_{0};
  std::unique_ptr<HttpServer> server_;
};

} // namespace retryprobe
