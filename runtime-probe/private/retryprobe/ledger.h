// Append-only JSONL ledger: one line per committed charge, fsync'ed before
// the service replies, so the file is the authoritative record of what was
// charged no matter what the client saw.
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace retryprobe {

struct LedgerEntry {
  std::string intent;
  long amount = 0;
  std::string receipt;
  std::string key;
};

std::string to_line(const LedgerEntry &e); // one JSON object, no newline

struct LedgerRead {
  std::vector<LedgerEntry> entries;
  std::vector<std::string> lines; // the well-formed lines, as stored
  // Request records (`"event":"request"`, written by `retry-probe serve`
  // for every request it answers), as stored: neither charges nor corrupt.
  std::vector<std::string> request_lines;
  bool torn_last_line = false; // last line incomplete (crash mid-write)
  std::string torn_text;
  int corrupt_lines = 0; // malformed lines before the last one
};

// The fields every request record shares, written by `serve` and `proxy`:
// event "request", seq, time_ms (wall clock, ms since the epoch), method,
// target, idempotency_key, body_digest (first 16 hex digits of SHA-256 over
// the body) and body_bytes. Each adds what it knows besides.
nlohmann::json request_record(long seq, const std::string &method,
                              const std::string &target,
                              const std::string &idempotency_key,
                              const std::string &body);

// Parses ledger text; never throws on bad content, reports it instead.
LedgerRead parse_ledger(const std::string &text);
// Reads a ledger file; a missing file is an empty ledger.
LedgerRead read_ledger(const std::string &path);

class JsonlLedger {
public:
  // Opens (creating) the file for append. Throws std::runtime_error when the
  // directory is not writable. A torn tail left by a crash is sealed with a
  // newline so new records never glue onto it.
  explicit JsonlLedger(std::string path);
  ~JsonlLedger();
  JsonlLedger(const JsonlLedger &) = delete;
  JsonlLedger &operator=(const JsonlLedger &) = delete;

  // Appends and fsyncs; returns the entry with its receipt filled in.
  // Receipts are per intent ("rcpt-<intent>-<n>") so they do not depend on
  // the interleaving of concurrent intents.
  LedgerEntry append(const std::string &intent, long amount,
                     const std::string &key);
  std::vector<LedgerEntry> entries_for(const std::string &intent);
  // Appends one non-charge record (a JSON object, no newline) the same way:
  // one write(), cut back on failure, fsync'd unless `sync` is false (then
  // the caller calls sync() later). Throws std::runtime_error.
  void append_record(const std::string &line, bool sync = true);
  // fsync: everything written so far is durable. Throws std::runtime_error.
  void sync();
  const std::string &path() const { return path_; }

private:
  std::string path_;
  int fd_ = -1;
  std::mutex mu_;
  std::map<std::string, std::vector<LedgerEntry>> by_intent_;
};

} // namespace retryprobe
