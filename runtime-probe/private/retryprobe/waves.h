// Synchronized retry waves (retry-missing-backoff's jitter rule): many
// clients fail together against a service that is down for a window, then
// recovers with a limited capacity; without jitter their retries arrive in
// waves, with it they spread. Real requests on loopback, judged on a
// virtual clock: every client is the probe's RetryingClient, but its
// backoff advances a shared virtual time instead of sleeping, clients take
// turns in (virtual time, client) order, and the service's outage and
// capacity are judged by the same virtual time. So the reading depends on
// the backoff schedule only, never on how fast the machine sends.
#pragma once

#include "retryprobe/client.h"
#include "retryprobe/ledger.h"

#include <chrono>
#include <string>
#include <vector>

namespace retryprobe {

struct WaveConfig {
  int clients = 50;
  ClientPolicy client; // client i uses seed client.seed + i
  std::chrono::milliseconds outage{1000};
  // After the outage, requests admitted per `slot` (the rest get 503).
  int capacity = 10;
  std::chrono::milliseconds slot{10}; // also the peak's window
};

struct WaveResult {
  std::vector<AttemptLog> attempts;
  std::vector<std::string> intents; // one per client
  LedgerRead ledger;
  int requests = 0;           // POSTs the service received
  int peak_retries = 0;       // most retries (attempt >= 2) in one window
  long peak_at_ms = 0;        // the first such window's start
  long all_succeeded_ms = -1; // virtual time of the last success; -1: some
                              // client never succeeded
  std::vector<std::string> notes;
};

// Runs the clients against a key_atomic service in `dir` (throws
// PreconditionError when it cannot start). Stops early when `stop` does.
WaveResult run_wave(const WaveConfig &cfg, const std::string &dir,
                    const StopToken &stop);

// The most requests whose times fall in one window [t, t + width), and the
// earliest such t. `times_ms` need not be sorted.
std::pair<int, long> peak_in_window(std::vector<long> times_ms, long width);

} // namespace retryprobe
