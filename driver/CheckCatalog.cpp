// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CheckCatalog.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#ifndef RETRYLINT_SOURCE_DIR
#define RETRYLINT_SOURCE_DIR ""
#endif
#ifndef RETRYLINT_DOCS_URL
#define RETRYLINT_DOCS_URL ""
#endif

namespace retrylint {

const std::vector<CheckInfo> &checkCatalog() {
  static const std::vector<CheckInfo> Catalog = {
      {"retry-check-then-act-dedup",
       "Finds de-duplication look-ups and the matching record that do not "
       "happen in one atomic step, so two concurrent duplicates both pass the "
       "look-up and both execute.",
       "a de-dup look-up (find/count/contains/exists/get, or SELECT ... WHERE "
       "key) and the matching record (insert/emplace/operator[]/put/set, or "
       "INSERT without ON CONFLICT) that no single lock scope covers",
       {{"race_racy", "race_atomic"}}},
      {"retry-content-derived-idempotency-key",
       "Finds idempotency keys computed only from payload content, so two "
       "real orders with the same content are de-duplicated into one.",
       "a key computed only from payload content (amount, body, its hash) "
       "with no intent identity (order id, intent id, business key) in it",
       {{"content_hash_two_orders", nullptr}}},
      {"retry-dedup-window-too-short",
       "Finds de-duplication records that expire before the retries that "
       "rely on them have stopped, so a late retry executes again.",
       "a de-dup/idempotency record TTL shorter than the worst-case retry "
       "span of a retry site that relies on it",
       {{"ttl_shorter_than_backoff", nullptr}}},
      {"retry-missing-backoff",
       "Finds retries with no wait between attempts, a wait without jitter, "
       "or a 429/503 retried without reading Retry-After.",
       "consecutive attempts with no wait between them; a constant or "
       "unjittered wait; 429/503 retried without reading Retry-After",
       {{"retry_after_ignored", "retry_after_honored"}}},
      {"retry-missing-budget",
       "Finds retry sites with no attempt cap and no deadline, which flood a "
       "dependency that is down.",
       "a retry site with no attempt cap and no deadline, or a constant cap "
       "above MaxAttempts",
       {{"unbounded_outage", "budgeted_outage"}}},
      {"retry-nested-layers",
       "Finds retry sites whose operation reaches another retry layer, so "
       "the attempts multiply.",
       "a retry site whose operation reaches another retry site; the message "
       "gives the worst-case amplification",
       {{"layered_amplification", "layered_single"}}},
      {"retry-non-retryable-status",
       "Finds retries of statuses that never succeed on retry, such as most "
       "HTTP 4xx and permanent gRPC codes.",
       "a retry path taken for statuses that will never succeed on retry "
       "(HTTP 4xx other than 408, 425, 429; permanent gRPC codes)",
       {{"client_error_retry", "client_error_final"}}},
      {"retry-per-attempt-idempotency-key",
       "Finds idempotency keys that change on every attempt of a retry, so "
       "the server cannot recognize a retried request and executes it again.",
       "a key sink fed from a per-attempt source (random UUID, clock, random "
       "number, attempt counter), or a key minted inside the retry loop so "
       "each attempt gets a new one",
       {{"post_drop_key_per_attempt", "post_drop_key_atomic"}}},
      {"retry-unkeyed-side-effect",
       "Finds side effects re-sent after an ambiguous failure with no "
       "idempotency key and no look-up of the authoritative state, which "
       "executes them twice.",
       "a side effect re-issued after an ambiguous failure (timeout, "
       "transport error, 5xx) with no idempotency key and no look-up before "
       "re-sending",
       {{"post_drop_naive", "post_drop_key_atomic"},
        {"post_timeout_naive", "query_before_retry"}}},
      {"retry-volatile-idempotency-store",
       "Finds idempotency records kept only in process memory on the serving "
       "side, so a restart forgets keys whose side effects were committed.",
       "idempotency records kept only in process memory (a member or global "
       "container keyed by the idempotency key on the serving side)",
       {{"restart_store_lost", "restart_store_durable"}}},
  };
  return Catalog;
}

const CheckInfo *findCheck(const std::string &Name) {
  for (const CheckInfo &C : checkCatalog())
    if (Name == C.Name)
      return &C;
  return nullptr;
}

std::string docName(const std::string &Check) {
  llvm::StringRef N(Check);
  N.consume_front("retry-");
  return N.str();
}

namespace {

/// <prefix>/share/doc/retrylint/checks for an installed binary,
/// <source>/docs/checks for one in the build tree; empty if neither exists.
std::string docsDir() {
  static const std::string Dir = [] {
    // Any function in this binary serves as the address.
    static int Anchor;
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
    if (!Exe.empty()) {
      llvm::SmallString<256> P(llvm::sys::path::parent_path(Exe));
      llvm::sys::path::append(P, "..", "share", "doc", "retrylint");
      llvm::sys::path::append(P, "checks");
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (llvm::sys::fs::is_directory(P))
        return std::string(P);
    }
    llvm::SmallString<256> Src(RETRYLINT_SOURCE_DIR);
    if (!Src.empty()) {
      llvm::sys::path::append(Src, "docs", "checks");
      if (llvm::sys::fs::is_directory(Src))
        return std::string(Src);
    }
    return std::string();
  }();
  return Dir;
}

} // namespace

std::string docUri(const std::string &Check) {
  std::string Page = docName(Check) + ".md";
  llvm::StringRef Base(RETRYLINT_DOCS_URL);
  if (!Base.empty())
    return Base.str() + (Base.ends_with("/") ? "" : "/") + Page;
  std::string Dir = docsDir();
  if (Dir.empty()) // never empty in a SARIF helpUri: fall back to the repo path
    Dir = "/usr/share/doc/retrylint/checks";
  return "file://" + Dir + "/" + Page;
}

std::string checkSummary(const std::string &Check) {
  std::string Dir = docsDir();
  if (!Dir.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(Dir + "/" + docName(Check) + ".md");
    if (Buf) {
      // The first paragraph after the title; its first sentence.
      llvm::StringRef Text = (*Buf)->getBuffer();
      std::string Para;
      bool InPara = false;
      while (!Text.empty()) {
        auto [Line, Rest] = Text.split('\n');
        Text = Rest;
        Line = Line.trim();
        if (Line.starts_with("#") && !InPara)
          continue;
        if (Line.empty()) {
          if (InPara)
            break;
          continue;
        }
        InPara = true;
        if (!Para.empty())
          Para += ' ';
        Para += Line.str();
      }
      size_t End = Para.find(". ");
      if (End != std::string::npos)
        Para.resize(End + 1);
      if (!Para.empty())
        return Para;
    }
  }
  if (const CheckInfo *C = findCheck(Check))
    return C->Summary;
  return "";
}

} // namespace retrylint
