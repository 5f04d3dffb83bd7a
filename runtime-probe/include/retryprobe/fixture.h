// A fault-injecting charge service for a test suite. A test starts one in a
// line, points its own client at url(), and reads the ledger for the intents
// it meant to charge:
//
//   retryprobe::TestService svc("naive", {"post_commit_drop@1"});
//   my_client.charge(svc.url(), "ord-1", 100); // the client under test
//   retryprobe::LedgerReading r = svc.reading({"ord-1"});
//   assert(r.duplicates == 1); // the reply was lost, the retry charged again
//
// It is `retry-probe serve` in-process: the same store policies, the same
// fault specs, the same fsync'd JSONL ledger with one request record per
// request (docs/probe.md, "The test fixture"). It works with any test
// framework; retryprobe/gtest.h adds GoogleTest assertions.
#pragma once

#include "retryprobe/version.h"

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace retryprobe {

// Thrown when a service cannot start or be read: a malformed store or fault
// spec, a port in use, a ledger that cannot be written. what() is one line
// that names the option or file and the reason.
class RETRYPROBE_API ServiceError : public std::runtime_error {
public:
  explicit ServiceError(const std::string &what);
  ~ServiceError() override;
};

struct ServiceOptions {
  // What de-duplicates retried charges, as `retry-probe serve --store`:
  //   naive            none: every POST is a charge
  //   key-atomic       Idempotency-Key looked up and recorded in one step
  //   key-racy[:DUR]   look-up and record in two steps (check-then-act);
  //                    concurrent duplicates both charge
  //   key-ttl:DUR      key-atomic whose records expire after DUR
  //   content-hash     de-duplicated by the amount, whoever's order it is
  //   durable[:PATH]   SQLite: key row and charge row in one transaction;
  //                    survives restart() (PATH: default in the ledger's
  //                    directory)
  // Key records of every store but durable live in memory: restart() loses
  // them.
  std::string store = "naive";
  // Faults, as `retry-probe serve --fault`; the first that applies to a
  // request decides. KIND[@N|@every|@request:N][,delay=DUR][,window=DUR]:
  // pre_commit (503, nothing charged), post_commit_drop (charged, then the
  // connection closed without a reply), post_commit_slow (charged, reply
  // after delay), client_error (422), throttle (429 + Retry-After for
  // window), outage (503 for window). @N: the N-th arrival of each intent.
  std::vector<std::string> faults;
  // The JSONL ledger. Empty: a fresh temporary directory, removed when the
  // service is destroyed.
  std::string ledger;
  // The body field naming a charge's intent; without it a request's intent
  // is "body:" + a digest of its path and body.
  std::string intent_field = "intent";
  // 0: any free port. The service listens on 127.0.0.1 only.
  unsigned short port = 0;
  // Longest wait for one request's bytes; a kept-alive connection idles 3x
  // as long. Stopping never waits for it.
  std::chrono::milliseconds read_timeout{10000};
};

// What one intent received.
struct IntentCount {
  std::string intent;
  int requests = 0; // POSTs that named it
  int charges = 0;  // ledger rows
};

// The ledger reconciled against what the test meant to charge.
struct RETRYPROBE_API LedgerReading {
  int requests = 0;   // POSTs the service received (every intent)
  int committed = 0;  // ledger rows (charges)
  int distinct = 0;   // intents with at least one row
  int duplicates = 0; // sum over intents of rows - 1: customers charged twice
  int lost = 0;       // intents meant but never charged
  // False when no intents were given: then `lost` is not measured.
  bool lost_measured = false;
  // Every intent meant or seen, in order: meant ones first.
  std::vector<IntentCount> intents;
  // What the ledger could not say cleanly (a torn last line).
  std::vector<std::string> notes;

  // No duplicate and nothing lost.
  bool exactly_once() const;
  // "exactly-once", "duplicates", "lost" or "duplicates+lost".
  std::string delivery() const;
  // "2/2/1/1/0 (requests/committed/distinct/duplicates/lost) duplicates".
  std::string summary() const;
  // summary() and one line per intent ("intent ord-1: 2 request(s), 2
  // charged") and note: what an assertion prints.
  std::string describe() const;
};

// A charge service on 127.0.0.1 with a store policy, a fault plan and a
// ledger. POST (any path) charges {"intent": ..., "amount": N} with an
// optional Idempotency-Key header; GET /charges?intent=X lists an intent's
// charges. A new charge is answered 201, a replay 200 with
// `Idempotent-Replayed: true`.
class RETRYPROBE_API TestService {
public:
  // Starts the service; throws ServiceError when it cannot (never hangs).
  explicit TestService(ServiceOptions options);
  explicit TestService(const std::string &store = "naive",
                       const std::vector<std::string> &faults = {});
  // Stops (see stop()) and removes a temporary ledger directory.
  ~TestService();
  TestService(const TestService &) = delete;
  TestService &operator=(const TestService &) = delete;

  // "http://127.0.0.1:PORT", no trailing slash.
  std::string url() const;
  // "127.0.0.1:PORT".
  std::string host_port() const;
  unsigned short port() const;
  std::string ledger_path() const;

  // The reading for the intents the test meant to charge.
  LedgerReading reading(const std::vector<std::string> &intents) const;
  // Without intents: every charged intent counts, `lost` is not measured.
  LedgerReading reading() const;

  // A process restart: stops, drops every in-memory key record, and starts
  // again on the same port (the ledger, and the durable store, survive).
  // Fault arrival counts survive too. Throws ServiceError.
  void restart();
  // Bounded: replies in progress are finished or cut, connections closed,
  // threads joined, every ledger line fsync'd. reading() still works after.
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace retryprobe
