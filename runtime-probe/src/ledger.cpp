#include "retryprobe/ledger.h"

#include "retryprobe/intent_key.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace retryprobe {

std::string to_line(const LedgerEntry &e) {
  nlohmann::json j = {{"intent", e.intent},
                      {"amount", e.amount},
                      {"receipt", e.receipt},
                      {"key", e.key}};
  return j.dump();
}

nlohmann::json request_record(long seq, const std::string &method,
                              const std::string &target,
                              const std::string &idempotency_key,
                              const std::string &body) {
  return {{"event", "request"},
          {"seq", seq},
          {"time_ms", std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count()},
          {"method", method},
          {"target", target},
          {"idempotency_key", idempotency_key},
          {"body_digest", sha256_hex(body).substr(0, 16)},
          {"body_bytes", body.size()}};
}

static bool parse_entry(const std::string &line, LedgerEntry &out) {
  auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("intent") || !j["intent"].is_string() ||
      !j.contains("amount") || !j["amount"].is_number_integer())
    return false;
  out.intent = j["intent"].get<std::string>();
  out.amount = j["amount"].get<long>();
  if (j.contains("receipt") && j["receipt"].is_string())
    out.receipt = j["receipt"].get<std::string>();
  if (j.contains("key") && j["key"].is_string())
    out.key = j["key"].get<std::string>();
  return true;
}

// Cheap test first: most lines are charges.
static bool is_request_record(const std::string &line) {
  if (line.find("\"event\"") == std::string::npos)
    return false;
  auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  return j.is_object() && j.value("event", "") == "request";
}

LedgerRead parse_ledger(const std::string &text) {
  LedgerRead r;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    bool terminated = nl != std::string::npos;
    std::string line =
        text.substr(pos, terminated ? nl - pos : std::string::npos);
    pos = terminated ? nl + 1 : text.size();
    bool last = pos >= text.size();
    if (line.empty())
      continue;
    LedgerEntry e;
    if (terminated && is_request_record(line)) {
      r.request_lines.push_back(line);
      continue;
    }
    // An unterminated last line is torn even if it happens to parse: the
    // writer always ends a record with '\n' before fsync.
    if (terminated && parse_entry(line, e)) {
      r.entries.push_back(std::move(e));
      r.lines.push_back(line);
    } else if (last) {
      r.torn_last_line = true;
      r.torn_text = line;
    } else {
      ++r.corrupt_lines;
    }
  }
  return r;
}

LedgerRead read_ledger(const std::string &path) {
  // Only a regular file has contents to read back (/dev/full, a FIFO would
  // never end).
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    return {};
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return {};
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_ledger(ss.str());
}

static void write_all(int fd, const std::string &s) {
  std::size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("ledger write failed: " +
                               std::string(std::strerror(errno)));
    }
    off += static_cast<std::size_t>(n);
  }
}

JsonlLedger::JsonlLedger(std::string path) : path_(std::move(path)) {
  LedgerRead existing = read_ledger(path_);
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::runtime_error("cannot open ledger " + path_ + ": " +
                             std::strerror(errno));
  if (existing.torn_last_line)
    write_all(fd_, "\n");
  for (auto &e : existing.entries)
    by_intent_[e.intent].push_back(e);
}

JsonlLedger::~JsonlLedger() {
  if (fd_ >= 0)
    ::close(fd_);
}

LedgerEntry JsonlLedger::append(const std::string &intent, long amount,
                                const std::string &key) {
  std::lock_guard<std::mutex> lock(mu_);
  auto &rows = by_intent_[intent];
  LedgerEntry e{intent, amount,
                "rcpt-" + intent + "-" + std::to_string(rows.size() + 1), key};
  // One write() of the whole line, then fsync: the reply is only sent after
  // the record is durable. A failed write (a full disk) is cut back off, so
  // the file never ends in a torn line the next record would glue onto.
  off_t before = ::lseek(fd_, 0, SEEK_END);
  try {
    write_all(fd_, to_line(e) + "\n");
  } catch (...) {
    if (before >= 0 && ::ftruncate(fd_, before) != 0) {
      // Nothing more to do: the reader reports the torn line.
    }
    throw;
  }
  if (::fsync(fd_) != 0)
    throw std::runtime_error("ledger fsync failed: " +
                             std::string(std::strerror(errno)));
  rows.push_back(e);
  return e;
}

std::vector<LedgerEntry> JsonlLedger::entries_for(const std::string &intent) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = by_intent_.find(intent);
  return it == by_intent_.end() ? std::vector<LedgerEntry>{} : it->second;
}

void JsonlLedger::append_record(const std::string &line, bool sync) {
  std::lock_guard<std::mutex> lock(mu_);
  off_t before = ::lseek(fd_, 0, SEEK_END);
  try {
    write_all(fd_, line + "\n");
  } catch (...) {
    if (before >= 0 && ::ftruncate(fd_, before) != 0) {
      // Nothing more to do: the reader reports the torn line.
    }
    throw;
  }
  if (sync && ::fsync(fd_) != 0)
    throw std::runtime_error("ledger fsync failed: " +
                             std::string(std::strerror(errno)));
}

void JsonlLedger::sync() {
  if (::fsync(fd_) != 0)
    throw std::runtime_error("ledger fsync failed: " +
                             std::string(std::strerror(errno)));
}

} // namespace retryprobe
