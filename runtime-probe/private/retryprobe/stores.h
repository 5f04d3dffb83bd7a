// De-duplication policies on the serving side. A backend owns both the key
// state and the authoritative ledger, because "record the key" and "commit
// the charge" being one step or two is exactly what the policies differ in.
#pragma once

#include "retryprobe/ledger.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace retryprobe {

enum class Policy {
  naive,
  key_atomic,
  key_racy,
  key_ttl,
  content_hash,
  durable
};

const char *policy_name(Policy p);
std::optional<Policy> parse_policy(const std::string &name);

struct StoreConfig {
  Policy policy = Policy::naive;
  // key_racy: look-up and record are two steps, each under the mutex but
  // not together (a business race). Between them a request waits at a
  // barrier until `racy_group` requests of its key have looked up, so
  // concurrent duplicates all miss the record however the scheduler orders
  // them; `racy_window` only bounds that wait (a lone request, such as a
  // sequential retry, goes on after it).
  int racy_group = 2;
  std::chrono::milliseconds racy_window{50};
  // key_ttl: records older than this are forgotten.
  std::chrono::milliseconds ttl{100};
  // Files instead of <dir>/ledger.jsonl and <dir>/ledger.sqlite (serve).
  std::string ledger_file, sqlite_file;
};

struct ChargeRequest {
  std::string intent;
  long amount = 0;
  std::string key; // Idempotency-Key header, empty when absent
};

struct CommitResult {
  LedgerEntry entry; // the committed row, or the original one on replay
  bool replay = false;
};

class ChargeBackend {
public:
  virtual ~ChargeBackend() = default;
  virtual CommitResult charge(const ChargeRequest &req) = 0;
  // Authoritative state for GET /charges?intent=...
  virtual std::vector<LedgerEntry> entries_for(const std::string &intent) = 0;
  virtual LedgerRead read_all() = 0;
  // Appends a request record to the JSONL ledger (serve mode); the durable
  // store keeps them in StoreConfig::ledger_file. Throws on a failed write.
  virtual void log_request(const std::string &line) = 0;
};

// Opens the backend's files in `dir` (ledger.jsonl, or ledger.sqlite for
// the durable store). Opening again on the same dir models a restart: the
// ledger survives, in-memory key state does not. Throws std::runtime_error
// when the directory is not writable.
std::unique_ptr<ChargeBackend> make_backend(const StoreConfig &cfg,
                                            const std::string &dir);

} // namespace retryprobe
